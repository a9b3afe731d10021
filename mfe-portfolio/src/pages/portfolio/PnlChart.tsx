import { useEffect, useRef } from 'react';
import { AreaSeries, ColorType, createChart, type IChartApi, type ISeriesApi } from 'lightweight-charts';
import { ChartAttribution, formatFor, styled, useTheme } from '@prds/shared';
import type { PnlPoint } from './pnlSeries';

const Canvas = styled.div`
  width: 100%;
  height: 220px;
`;

/**
 * The P&L canvas (lightweight-charts, its own chunk, as the market's odds chart): one area of the
 * realized profit, a point per day (pnlSeries), so the time scale is spaced by date. The area's fills are the theme's primary (6-digit hex) with an alpha:
 * the canvas does not parse CSS color functions. Follows the container's size and the theme; removed on unmount.
 */
export default function PnlChart({ points, locale, label }: { points: readonly PnlPoint[]; locale: string; label: string }) {
  const theme = useTheme();
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const series = useRef<ISeriesApi<'Area'> | null>(null);

  useEffect(() => {
    const element = container.current;
    if (element === null) return;
    const formatter = (value: number) => formatFor(locale).amount(String(value), 2);
    const created = createChart(element, {
      autoSize: true,
      localization: { locale, priceFormatter: formatter },
      // Its logo is a link inside the role="img" canvas; the attribution is shown beside it instead.
      layout: { attributionLogo: false },
      rightPriceScale: { scaleMargins: { top: 0.15, bottom: 0.15 } },
      handleScroll: false,
      handleScale: false,
    });
    chart.current = created;
    series.current = created.addSeries(AreaSeries, {
      lineWidth: 2,
      priceFormat: { type: 'custom', formatter, minMove: 0.01 },
      priceLineVisible: false,
      // The last value's badge sat on the scale's top label; the figure is written above the chart instead.
      lastValueVisible: false,
    });
    return () => {
      series.current = null;
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
    series.current?.applyOptions({
      lineColor: theme.colors.primary,
      topColor: `${theme.colors.primary}59`,
      bottomColor: `${theme.colors.primary}05`,
    });
  }, [theme, locale]);

  useEffect(() => {
    series.current?.setData(points.map((p) => ({ time: p.day, value: p.value })));
    chart.current?.timeScale().fitContent();
  }, [points, locale]);

  return (
    <>
      <Canvas ref={container} role="img" aria-label={label} data-testid="portfolio-chart-canvas" />
      <ChartAttribution />
    </>
  );
}
