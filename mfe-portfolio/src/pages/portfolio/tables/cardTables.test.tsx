import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { QueryClient } from '@tanstack/react-query';
import { type HistoryEntry, type HoldingItem } from '@prds/shared/portfolio';
import { AppProviders } from '@prds/shared/providers';
import { createStore } from '@prds/shared/state';
import { portfolioKeys, type HistoryPage } from '../../../api';
import type { ClaimStep } from '../claims/claimPlan';
import { HistoryPanel } from './HistoryPanel';
import { PositionsTable } from './PositionsTable';

const ACCOUNT = '0x00000000000000000000000000000000000000a1';
const USDT = '1000000000000000000';
const LONG_EVENT = 'Will Real Madrid win the 2026/27 Champions League final against Manchester City in extra time?';

const holding: HoldingItem = {
  market: {
    id: '7',
    metadataHash: `0x${'7'.repeat(64)}`,
    metadataStatus: 'approved',
    event: LONG_EVENT,
    category: 'culture',
    issuer: '0x0000000000000000000000000000000000000001',
    options: [],
    optionCount: 2,
    volume: USDT,
    pool: USDT,
    liquidity: '0',
    tradeCount: 1,
    createdAt: 1_800_000_000,
    lastTradingTime: 1_800_086_400,
    expirationTime: 1_800_172_800,
    phase: 'Final',
    state: 'Finished',
    label: { key: 'confirmedOption', option: 0 },
    result: 0,
    txHash: `0x${'a'.repeat(64)}`,
  },
  position: {
    options: [{ option: 0, label: 'Real Madrid', stake: USDT, fee: '0', invested: USDT, pendingPayoff: USDT }],
    invested: USDT,
    pendingPayoff: USDT,
    payout: '0',
    refund: '0',
    received: '0',
    claimed: false,
    profit: '0',
  },
};

const claim: ClaimStep = {
  key: '7:position',
  marketId: '7',
  event: LONG_EVENT,
  kind: 'position',
  index: null,
  amount: USDT,
  token: 'payToken',
  refund: false,
};

const entry: HistoryEntry = {
  kind: 'buy',
  txHash: `0x${'b'.repeat(64)}`,
  logIndex: 0,
  marketId: '7',
  event: LONG_EVENT,
  option: 0,
  optionLabel: 'Real Madrid',
  paid: USDT,
  stake: USDT,
  fee: '0',
  payout: '0',
  refund: '0',
  time: 1_800_000_000,
  blockNumber: 10,
};

function renderWith(children: React.ReactNode, queryClient = new QueryClient()) {
  return render(
    <AppProviders store={createStore()} queryClient={queryClient}>
      <MemoryRouter>{children}</MemoryRouter>
    </AppProviders>,
  );
}

/** Each body cell's label for the phone's card, next to the head's name of its column. */
function labelsAgainstHead(table: HTMLElement) {
  const head = Array.from(table.querySelectorAll('thead th')).map((th) => th.textContent);
  const row = table.querySelector('tbody tr');
  const cells = Array.from(row?.querySelectorAll('td') ?? []);
  return { head, labels: cells.map((td) => td.dataset.label ?? null), cells };
}

/** The rules emotion wrote for an element's classes below the tablet width: what turns its rows into cards. */
function phoneRules(element: HTMLElement): string {
  const classes = Array.from(element.classList).map((name) => `.${name}`);
  const rules: string[] = [];
  for (const sheet of Array.from(document.styleSheets)) {
    for (const rule of Array.from(sheet.cssRules)) {
      if (!(rule instanceof CSSMediaRule) || !rule.media.mediaText.startsWith('not all and (min-width: 768px)')) continue;
      for (const inner of Array.from(rule.cssRules)) {
        if (classes.some((name) => inner.cssText.includes(name))) rules.push(inner.cssText);
      }
    }
  }
  return rules.join('\n');
}

describe('portfolio tables on a phone: cards', () => {
  it('labels every cell of a position with its column, shows the claim button and the whole market name', async () => {
    renderWith(
      <PositionsTable
        items={[holding]}
        claimsFor={() => [claim]}
        busy={false}
        onClaim={() => undefined}
        data-testid="positions"
      />,
    );
    const table = await screen.findByTestId('positions');
    const { head, labels, cells } = labelsAgainstHead(table);
    expect(head).toEqual([
      'Market',
      'Option',
      'Invested',
      'Stake',
      'Pending payoff',
      'Payoff received',
      'Profit',
      'State',
      'Action',
    ]);
    // The action cell holds its button alone; every other cell is named as its column.
    expect(labels).toEqual([...head.slice(0, -1), null]);
    expect(within(cells[8] as HTMLElement).getByTestId('position-7-claim').textContent).toBe('Claim');
    expect(cells.filter((td) => td.classList.contains('wide')).map((td) => cells.indexOf(td))).toEqual([0, 1, 8]);
    expect(cells[0]?.textContent).toBe(LONG_EVENT);

    const rules = phoneRules(table);
    expect(rules).toMatch(/ tbody tr \{display: grid; grid-template-columns: minmax\(0, 1fr\) minmax\(0, 1fr\);/);
    expect(rules).toMatch(/ thead \{position: absolute; width: 1px;/);
    expect(rules).toMatch(/ td\.wide \{grid-column: 1\/-1;\}/);
    expect(rules).toMatch(/ td\[data-label\]::before \{content: attr\(data-label\); display: block;/);
    // The market's name, cut after two lines in the table, is whole in a card.
    expect(rules).toMatch(
      / td\.wide \[title\] \{display: inline; overflow: visible; white-space: normal; -webkit-line-clamp: none;/,
    );
  });

  it('labels every cell of a history row with its column', async () => {
    const queryClient = new QueryClient();
    const page: HistoryPage = { list: [entry], total: 1, page: 1, pageSize: 20, totals: { paid: USDT, received: '0' } };
    queryClient.setQueryData(portfolioKeys.history(ACCOUNT, 1), page);
    renderWith(<HistoryPanel account={ACCOUNT} />, queryClient);
    const table = await screen.findByTestId('history-table');
    const { head, labels, cells } = labelsAgainstHead(table);
    expect(head).toEqual(['Time', 'Type', 'Market', 'Option', 'Paid', 'Fee', 'Payout', 'Refund', 'Transaction']);
    expect(labels).toEqual(head);
    expect(cells.filter((td) => td.classList.contains('wide')).map((td) => td.dataset.col)).toEqual(['time', 'market', 'option']);
    expect(phoneRules(table)).toMatch(/ tbody tr \{display: grid;/);
  });
});
