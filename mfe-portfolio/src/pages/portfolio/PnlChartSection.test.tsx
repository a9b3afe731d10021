import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { QueryClient } from '@tanstack/react-query';
import { AppProviders } from '@prds/shared/providers';
import { createStore } from '@prds/shared/state';
import { portfolioKeys, type SnapshotsAnswer } from '../../api';
import type { PnlPoint } from './pnlSeries';
import { PnlChartSection } from './PnlChartSection';

// The canvas needs a browser; the stand-in shows the points the section hands it.
jest.mock('./PnlChart', () => ({
  __esModule: true,
  default: ({ points }: { points: readonly PnlPoint[] }) => (
    <ol data-testid="chart-points">
      {points.map((point) => (
        <li key={point.day}>{`${point.day} ${point.value}`}</li>
      ))}
    </ol>
  ),
}));

const ACCOUNT = '0x00000000000000000000000000000000000000a1';
/** The chain's now: 2026-11-27 12:00 UTC. */
const NOW = Date.UTC(2026, 10, 27, 12) / 1000;

function renderSection(list: SnapshotsAnswer['list']) {
  const queryClient = new QueryClient();
  const answer: SnapshotsAnswer = { list, summary: { yesterday: '2026-11-26', yesterdayProfit: '0', now: NOW } };
  queryClient.setQueryData(portfolioKeys.snapshots(ACCOUNT, 366), answer);
  render(
    <AppProviders store={createStore()} queryClient={queryClient}>
      <MemoryRouter>
        <PnlChartSection account={ACCOUNT} />
      </MemoryRouter>
    </AppProviders>,
  );
}

const snapshot = (day: string, usdt: number) => ({
  day,
  invested: '0',
  received: '0',
  realizedProfit: (BigInt(usdt) * 10n ** 18n).toString(),
  dayProfit: '0',
});

describe('PnlChartSection', () => {
  it('draws a point a day up to the chain’s today and writes the realized profit above the chart', async () => {
    renderSection([snapshot('2026-11-25', 7), snapshot('2026-11-23', 4)]);
    const points = await screen.findByTestId('chart-points');
    expect(Array.from(points.children).map((li) => li.textContent)).toEqual([
      '2026-11-23 4',
      '2026-11-24 4',
      '2026-11-25 7',
      '2026-11-26 7',
      '2026-11-27 7',
    ]);
    expect(screen.getByTestId('portfolio-chart-latest').textContent).toBe('Realized profit so far: 7 USDT');
  });

  it('shows a quiet 24 h as the profit realized before, not as "No daily figures yet"', async () => {
    renderSection([snapshot('2026-11-10', 3)]);
    fireEvent.click(await screen.findByTestId('portfolio-chart-day'));
    const points = await screen.findByTestId('chart-points');
    expect(Array.from(points.children).map((li) => li.textContent)).toEqual(['2026-11-26 3', '2026-11-27 3']);
    expect(screen.queryByText('No daily figures yet')).toBeNull();
  });

  it('says there are no figures before the first realized profit', async () => {
    renderSection([]);
    expect(await screen.findByText('No daily figures yet')).toBeTruthy();
    expect(screen.queryByTestId('chart-points')).toBeNull();
  });
});
