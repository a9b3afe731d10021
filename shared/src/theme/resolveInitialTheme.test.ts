import { resolveInitialTheme } from './resolveInitialTheme';

describe('resolveInitialTheme', () => {
  it.each([
    ['day', false, 'day'],
    ['day', true, 'day'], // a stored choice beats the system preference
    ['night', false, 'night'],
    ['night', true, 'night'],
    [null, true, 'night'],
    [null, false, 'day'],
    ['purple', true, 'night'], // junk in storage is ignored
    ['', false, 'day'],
  ] as const)('stored %p, prefers dark %p → %s', (stored, prefersDark, expected) => {
    expect(resolveInitialTheme(stored, prefersDark)).toBe(expected);
  });
});
