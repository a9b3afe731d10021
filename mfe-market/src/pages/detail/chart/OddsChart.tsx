import { useEffect, useRef } from 'react';
import { ColorType, LineSeries, createChart, type IChartApi, type ISeriesApi, type UTCTimestamp } from 'lightweight-charts';
import { ChartAttribution, styled, useTheme } from '@prds/shared';
import type { OddsLine } from './oddsSeries';

const Canvas = styled.div`
  width: 100%;
  height: 2.6rem;
  min-height: 200px;
`;

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
 * The odds-history canvas (TradingView's lightweight-charts, loaded in its own chunk). It follows its
 * container's size (autoSize uses a ResizeObserver) and the theme, and is removed on unmount. The
 * library's attribution is a line beside the canvas, not its logo inside it.
 */
export default function OddsChart({ lines, colors, locale, label }: OddsChartProps) {
  const theme = useTheme();
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const series = useRef<ISeriesApi<'Line'>[]>([]);

  useEffect(() => {
    const element = container.current;
    if (element === null) return;
    const created = createChart(element, {
      autoSize: true,
      localization: { locale, priceFormatter: percent },
      // Its logo is a link inside the role="img" canvas; the attribution is shown beside it instead.
      layout: { attributionLogo: false },
      rightPriceScale: { scaleMargins: { top: 0.1, bottom: 0.1 } },
      timeScale: { timeVisible: true, secondsVisible: false },
      handleScroll: false,
      handleScale: false,
    });
    chart.current = created;
    return () => {
      series.current = [];
      chart.current = null;
      created.remove();
    };
  }, [locale]);

  useEffect(() => {
    chart.current?.applyOptions({
      layout: {
        background: { type: ColorType.Solid, color: theme.colors.surface },
        textColor: theme.colors.textMuted,
        fontFamily: theme.font.family,
      },
      grid: { vertLines: { color: theme.colors.surfaceAlt }, horzLines: { color: theme.colors.surfaceAlt } },
      rightPriceScale: { borderColor: theme.colors.border },
      timeScale: { borderColor: theme.colors.border },
    });
  }, [theme, locale]);

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
  }, [lines, colors, locale]);

  return (
    <>
      <Canvas ref={container} role="img" aria-label={label} data-testid="detail-odds-canvas" />
      <ChartAttribution />
    </>
  );
}
