import { useEffect, useRef } from 'react';
import { AreaSeries, ColorType, createChart, type ISeriesApi } from 'lightweight-charts';
import { formatFor } from '@prds/shared/format';
import { CHART_DEFAULTS, ChartCanvas, chartTheme, useChart } from '@prds/shared/ui';
import type { PnlPoint } from './pnlSeries';

/**
 * The P&L canvas (lightweight-charts, its own chunk, as the market's odds chart): one area of the
 * realized profit, a point per day (pnlSeries), so the time scale is spaced by date. The area's fills are the theme's primary (6-digit hex) with an alpha:
 * the canvas does not parse CSS color functions. Follows the container's size and the theme; removed on unmount (useChart).
 */
export default function PnlChart({ points, locale, label }: { points: readonly PnlPoint[]; locale: string; label: string }) {
  const series = useRef<ISeriesApi<'Area'> | null>(null);
  const { container, chart } = useChart(locale, {
    create: (element) => {
      const formatter = (value: number) => formatFor(locale).amount(String(value), 2);
      const created = createChart(element, {
        ...CHART_DEFAULTS,
        localization: { locale, priceFormatter: formatter },
        rightPriceScale: { scaleMargins: { top: 0.15, bottom: 0.15 } },
      });
      series.current = created.addSeries(AreaSeries, {
        lineWidth: 2,
        priceFormat: { type: 'custom', formatter, minMove: 0.01 },
        priceLineVisible: false,
        // The last value's badge sat on the scale's top label; the figure is written above the chart instead.
        lastValueVisible: false,
      });
      return created;
    },
    dress: (created, theme) => {
      created.applyOptions(chartTheme(theme, ColorType.Solid));
      series.current?.applyOptions({
        lineColor: theme.colors.primary,
        topColor: `${theme.colors.primary}59`,
        bottomColor: `${theme.colors.primary}05`,
      });
    },
    forget: () => {
      series.current = null;
    },
  });

  useEffect(() => {
    series.current?.setData(points.map((p) => ({ time: p.day, value: p.value })));
    chart.current?.timeScale().fitContent();
  }, [chart, points, locale]);

  return <ChartCanvas ref={container} height="220px" label={label} data-testid="portfolio-chart-canvas" />;
}
