import { useEffect, useRef, type RefObject } from 'react';
import { useTheme, type Theme } from '@emotion/react';

/**
 * What every chart of ours starts from (lightweight-charts' options): it follows its container's size
 * (a ResizeObserver), does not scroll or zoom under the pointer, and shows no logo: its logo is a link
 * inside the role="img" canvas; the attribution is a line beside it (ChartCanvas).
 */
export const CHART_DEFAULTS = {
  autoSize: true,
  layout: { attributionLogo: false },
  handleScroll: false,
  handleScale: false,
} as const;

/**
 * The theme's colours and font as lightweight-charts' options. `solid` is the library's
 * `ColorType.Solid`, passed in so that the library stays in the remote's own chunk.
 */
export function chartTheme<Solid>(theme: Theme, solid: Solid) {
  return {
    layout: {
      background: { type: solid, color: theme.colors.surface },
      textColor: theme.colors.textMuted,
      fontFamily: theme.font.family,
    },
    grid: { vertLines: { color: theme.colors.surfaceAlt }, horzLines: { color: theme.colors.surfaceAlt } },
    rightPriceScale: { borderColor: theme.colors.border },
    timeScale: { borderColor: theme.colors.border },
  };
}

export interface ChartSetup<Chart extends { remove(): void }> {
  /** Makes the chart in the element: the remote calls lightweight-charts' createChart (CHART_DEFAULTS and its own options). */
  readonly create: (element: HTMLElement) => Chart;
  /** Dresses it in the theme (chartTheme), and again whenever the theme changes. */
  readonly dress: (chart: Chart, theme: Theme) => void;
  /** Forgets what was made with the chart (its series) before the chart is removed. */
  readonly forget?: () => void;
}

/**
 * A lightweight-charts chart in a container: made when the container is there and again for another
 * language, dressed in the theme, removed on unmount. The caller's own effects (its data) come after.
 */
export function useChart<Chart extends { remove(): void }>(
  locale: string,
  setup: ChartSetup<Chart>,
): { readonly container: RefObject<HTMLDivElement | null>; readonly chart: RefObject<Chart | null> } {
  const theme = useTheme();
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<Chart | null>(null);
  // The latest setup, so that the chart is made again only for another language, as its options say.
  const latest = useRef(setup);
  latest.current = setup;

  useEffect(() => {
    const element = container.current;
    if (element === null) return;
    const { create, forget } = latest.current;
    const created = create(element);
    chart.current = created;
    return () => {
      forget?.();
      chart.current = null;
      created.remove();
    };
  }, [locale]);

  useEffect(() => {
    if (chart.current !== null) latest.current.dress(chart.current, theme);
  }, [theme, locale]);

  return { container, chart };
}
