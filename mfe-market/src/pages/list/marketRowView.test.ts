import type { MarketOptionView } from '@prds/shared/markets';
import { knownCategory, rowOptions } from './marketRowView';

function option(index: number, probability: string | null): MarketOptionView {
  return { index, label: `O${index}`, optionKey: `0x${index}`, stake: '1', odds: null, probability, payoutMultiplier: null };
}

const indexes = (options: readonly MarketOptionView[]) => options.map((o) => o.index);

describe('rowOptions', () => {
  it('keeps every option when they fit, in their order', () => {
    const options = [option(0, '0.2'), option(1, '0.8')];
    expect(rowOptions(options, 2)).toEqual({ shown: options, more: 0 });
  });

  it('keeps the most probable ones, shown in the market’s order, and counts the rest', () => {
    const options = [option(0, '0.1'), option(1, '0.5'), option(2, '0.15'), option(3, '0.25')];
    const { shown, more } = rowOptions(options, 2);
    expect(indexes(shown)).toEqual([1, 3]);
    expect(more).toBe(2);
  });

  it('puts unstaked options last and breaks ties by index', () => {
    const options = [option(0, null), option(1, '0.5'), option(2, '0.5'), option(3, '0.5')];
    expect(indexes(rowOptions(options, 2).shown)).toEqual([1, 2]);
    const empty = [option(0, null), option(1, null), option(2, null)];
    expect(indexes(rowOptions(empty, 2).shown)).toEqual([0, 1]);
  });
});

describe('knownCategory', () => {
  it('accepts the categories the list has labels for, and nothing else', () => {
    expect(knownCategory('crypto')).toBe('crypto');
    expect(knownCategory('gambling')).toBeNull();
    expect(knownCategory(null)).toBeNull();
  });
});
