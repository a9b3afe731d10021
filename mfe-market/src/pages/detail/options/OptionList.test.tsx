import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { CHANGE_HIGHLIGHT_MS, LIVE_CHANGED_CLASS } from '@prds/shared/live';
import { AppProviders } from '@prds/shared/providers';
import { createStore } from '@prds/shared/state';
import { MarketRow } from '../../list/MarketRow';
import { NOW, marketFixture } from '../detailFixture';
import { OptionList } from './OptionList';

// Issue 14 item 2: the list showed ×1.66 (the odds) and the detail page 'Pays ×1.62' (the odds net
// of the fee) for the same option at the same moment. One figure now: the payout multiplier.

/** 60 of a 100 USDT pool at a 2% fee: odds 1.666666, payout multiplier 0.98 × 1.666666 = 1.633333. */
const market = marketFixture({
  state: 'Open',
  label: { key: 'guaranteeing', option: null },
  lastTradingTime: NOW + 86_400,
  options: [
    {
      index: 0,
      label: 'Rain',
      optionKey: '0x01',
      stake: '60',
      odds: '1.666666',
      probability: '0.6',
      payoutMultiplier: '1.633333',
    },
    { index: 1, label: 'Dry', optionKey: '0x02', stake: '40', odds: '2.5', probability: '0.4', payoutMultiplier: '2.45' },
  ],
});

function renderBoth() {
  return render(
    <AppProviders store={createStore()}>
      <MemoryRouter>
        <MarketRow market={market} now={NOW} device="desktop" />
        <OptionList market={market} />
      </MemoryRouter>
    </AppProviders>,
  );
}

/** The '×N' figure shown in a list row's option. */
function rowMultiplier(index: number): string | undefined {
  return /×\s*([\d.,]+)/.exec(screen.getByTestId(`market-row-option-${index}`).textContent ?? '')?.[1];
}

describe('the payout multiplier: one figure on the list and the detail page', () => {
  it('shows the same multiplier for the same option in the list row and the detail options', async () => {
    renderBoth();
    await screen.findByTestId('detail-option-multiplier-0');
    for (const index of [0, 1]) {
      const detail = screen.getByTestId(`detail-option-multiplier-${index}`).textContent;
      expect({ index, row: rowMultiplier(index) }).toEqual({ index, row: detail });
    }
    expect(screen.getByTestId('detail-option-multiplier-0').textContent).toBe('1.63');
    expect(screen.getByTestId('detail-option-multiplier-1').textContent).toBe('2.45');
  });

  it('says on the detail page what the multiplier means, with the market fee', async () => {
    renderBoth();
    const note = await screen.findByTestId('detail-options-multiplier-note');
    expect(note.textContent).toContain('2%');
    expect(screen.getByTestId('detail-option-0').textContent).toContain('Pays ×1.63');
    expect(note.textContent).toMatch(/^Pays ×: what each USDT you pay now returns if the option wins/);
  });
});

describe('a change of the odds while the page is open', () => {
  it('flashes the options whose odds or pool changed for a moment, and nothing on the first render', async () => {
    jest.useFakeTimers();
    const page = (shown: typeof market) => (
      <AppProviders store={createStore()}>
        <MemoryRouter>
          <OptionList market={shown} />
        </MemoryRouter>
      </AppProviders>
    );
    const view = render(page(market));
    await act(async () => {
      await jest.advanceTimersByTimeAsync(10);
    });
    const rain = screen.getByTestId('detail-option-0');
    const dry = screen.getByTestId('detail-option-1');
    expect(rain.classList.contains(LIVE_CHANGED_CLASS)).toBe(false);

    // Another buy on Rain: its pool and odds move; Dry's odds move too, its pool does not.
    const traded = {
      ...market,
      options: [
        { ...market.options[0]!, stake: '70', odds: '1.571428' },
        { ...market.options[1]!, odds: '2.75' },
      ],
    };
    view.rerender(page(traded));
    expect(screen.getByTestId('detail-option-0')).toBe(rain);
    expect(rain.classList.contains(LIVE_CHANGED_CLASS)).toBe(true);
    expect(dry.classList.contains(LIVE_CHANGED_CLASS)).toBe(true);
    view.rerender(page({ ...traded }));
    act(() => jest.advanceTimersByTime(CHANGE_HIGHLIGHT_MS));
    expect(rain.classList.contains(LIVE_CHANGED_CLASS)).toBe(false);
    jest.useRealTimers();
  });
});
