import { formatMultiplier, isResultOption, probabilityWidth } from './optionFigures';

describe('formatMultiplier', () => {
  it('shows the api multiplier with 2 decimals, rounded down', () => {
    expect(formatMultiplier({ payoutMultiplier: '1.633333' }, 2)).toBe('1.63');
    expect(formatMultiplier({ payoutMultiplier: '2.999999' }, 2)).toBe('2.99');
    expect(formatMultiplier({ payoutMultiplier: '1234.5' }, 2)).toBe('1,234.5');
  });

  it('falls back to the default leverage before any buy on the option', () => {
    expect(formatMultiplier({ payoutMultiplier: null }, 3)).toBe('3');
  });
});

describe('probabilityWidth', () => {
  it('is the probability in percent, clamped', () => {
    expect(probabilityWidth('0.425')).toBe(42.5);
    expect(probabilityWidth('1')).toBe(100);
    expect(probabilityWidth('0')).toBe(0);
    expect(probabilityWidth(null)).toBe(0);
    expect(probabilityWidth('oops')).toBe(0);
  });
});

describe('isResultOption', () => {
  it('marks only the standing result', () => {
    expect(isResultOption(1, 1)).toBe(true);
    expect(isResultOption(0, 1)).toBe(false);
    expect(isResultOption(0, null)).toBe(false);
  });
});
