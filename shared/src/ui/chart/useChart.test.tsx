/**
 * @jest-environment jsdom
 */
import { act, render, screen } from '@testing-library/react';
import { createStore } from 'jotai';
import { StoreProvider } from '../../state/store';
import { ThemeProvider } from '../../theme/ThemeProvider';
import { I18nProvider } from '../../i18n/I18nProvider';
import { dayTheme } from '../../theme/tokens';
import { ChartCanvas } from './ChartCanvas';
import { CHART_DEFAULTS, chartTheme, useChart } from './useChart';

interface FakeChart {
  readonly element: HTMLElement;
  readonly options: unknown[];
  removed: boolean;
  applyOptions(options: unknown): void;
  remove(): void;
}

const made: FakeChart[] = [];
const forgotten: string[] = [];

function fakeChart(element: HTMLElement): FakeChart {
  const chart: FakeChart = {
    element,
    options: [],
    removed: false,
    applyOptions: (options) => void chart.options.push(options),
    remove: () => void (chart.removed = true),
  };
  made.push(chart);
  return chart;
}

function Chart({ locale }: { locale: string }) {
  const { container } = useChart(locale, {
    create: fakeChart,
    dress: (chart, theme) => chart.applyOptions(chartTheme(theme, 'solid')),
    forget: () => void forgotten.push(locale),
  });
  return <ChartCanvas ref={container} height="220px" label="Profit" data-testid="canvas" />;
}

const wrap = (locale: string) => (
  <StoreProvider store={createStore()}>
    <ThemeProvider>
      <I18nProvider loadMessages={async () => ({ 'common.chart.attribution': 'Chart by {library}' })}>
        <Chart locale={locale} />
      </I18nProvider>
    </ThemeProvider>
  </StoreProvider>
);

describe('useChart', () => {
  it('makes the chart in the canvas, dresses it in the theme, makes it again for another language and removes it', async () => {
    const view = render(wrap('en'));
    await act(async () => undefined);
    const canvas = screen.getByTestId('canvas');
    expect(canvas.getAttribute('role')).toBe('img');
    expect(canvas.getAttribute('aria-label')).toBe('Profit');
    expect(screen.getByTestId('chart-attribution')).toBeTruthy();
    expect(made).toHaveLength(1);
    expect(made[0]?.element).toBe(canvas);
    expect(made[0]?.options).toHaveLength(1);

    view.rerender(wrap('de'));
    await act(async () => undefined);
    expect(made).toHaveLength(2);
    expect(made[0]?.removed).toBe(true);
    expect(forgotten).toEqual(['en']);

    view.unmount();
    expect(made[1]?.removed).toBe(true);
  });

  it('gives the library the theme in its option names and our defaults', () => {
    expect(chartTheme(dayTheme, 'solid').layout).toEqual({
      background: { type: 'solid', color: dayTheme.colors.surface },
      textColor: dayTheme.colors.textMuted,
      fontFamily: dayTheme.font.family,
    });
    expect(CHART_DEFAULTS).toEqual({
      autoSize: true,
      layout: { attributionLogo: false },
      handleScroll: false,
      handleScale: false,
    });
  });
});
