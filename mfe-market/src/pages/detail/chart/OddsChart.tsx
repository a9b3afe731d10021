import { useEffect, useRef } from 'react';
import { ColorType, LineSeries, createChart, type ISeriesApi, type UTCTimestamp } from 'lightweight-charts';
import { CHART_DEFAULTS, ChartCanvas, chartTheme, useChart } from '@prds/shared/ui';
import type { OddsLine } from './oddsSeries';

const percent = (value: number) => `${value.toFixed(1)}%`;

export interface OddsChartProps {
  readonly lines: readonly OddsLine[];
  /** One colour per option, from the theme. */
  readonly colors: readonly string[];
  readonly locale: string;
  /** What the chart shows, for assistive tech (the canvas itself says nothing). */
  readonly label: string;
}

/**
 * The odds-history canvas (TradingView's lightweight-charts, loaded in its own chunk): a line per
 * option, in percent. It follows its container's size and the theme, and is removed on unmount (useChart).
 */
export default function OddsChart({ lines, colors, locale, label }: OddsChartProps) {
  const series = useRef<ISeriesApi<'Line'>[]>([]);
  const { container, chart } = useChart(locale, {
    create: (element) =>
      createChart(element, {
        ...CHART_DEFAULTS,
        localization: { locale, priceFormatter: percent },
        rightPriceScale: { scaleMargins: { top: 0.1, bottom: 0.1 } },
        timeScale: { timeVisible: true, secondsVisible: false },
      }),
    dress: (created, theme) => created.applyOptions(chartTheme(theme, ColorType.Solid)),
    forget: () => {
      series.current = [];
    },
  });

  useEffect(() => {
    const current = chart.current;
    if (current === null) return;
    for (const old of series.current) current.removeSeries(old);
    series.current = lines.map((line, index) => {
      const added = current.addSeries(LineSeries, {
        color: colors[index % colors.length],
        lineWidth: 2,
        priceFormat: { type: 'custom', formatter: percent, minMove: 0.01 },
        lastValueVisible: true,
        priceLineVisible: false,
      });
      added.setData(line.points.map((p) => ({ time: p.time as UTCTimestamp, value: p.value })));
      return added;
    });
    current.timeScale().fitContent();
  }, [chart, lines, colors, locale]);

  return <ChartCanvas ref={container} height="2.6rem" minHeight="200px" label={label} data-testid="detail-odds-canvas" />;
}
