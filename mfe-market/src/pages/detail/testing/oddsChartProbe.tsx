// lightweight-charts draws on a canvas, which jsdom has not: the detail page's tests replace the lazily
// loaded chart module with this probe, which shows what it was given
// (`jest.mock('./chart/OddsChart', () => jest.requireActual('./testing/oddsChartProbe'))`).
export default function OddsChartProbe(props: { lines: unknown; label: string }) {
  return <div data-testid="odds-chart-probe" data-lines={JSON.stringify(props.lines)} aria-label={props.label} />;
}
