import { isResultOption, probabilityWidth } from './optionFigures';

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
