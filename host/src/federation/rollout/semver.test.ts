import { parseRange, sameMajor, satisfies } from './semver';

describe('semver', () => {
  it.each([
    ['0.1.0', '^0.1.0', true],
    ['0.1.9', '^0.1.0', true],
    ['0.2.0', '^0.1.0', false],
    ['1.4.2', '^1.2.0', true],
    ['2.0.0', '^1.2.0', false],
    ['2.0.0-rc.1', '^1.2.0', false],
    ['1.2.9', '~1.2.0', true],
    ['1.3.0', '~1.2.0', false],
    ['0.5.0', '>=0.1.0 <1.0.0', true],
    ['1.0.0', '>=0.1.0 <1.0.0', false],
    ['1.0.0', '>= 0.1.0', true],
    ['3.1.0', '^1.0.0 || ^3.0.0', true],
    ['0.1.0+build.7', '=0.1.0', true],
    ['9.9.9', '*', true],
    ['1.0.0-beta', '>=1.0.0', false],
    ['not a version', '*', false],
  ])('%s in %s: %s', (version, range, expected) => {
    expect(satisfies(version, range)).toBe(expected);
  });

  it('refuses what is not a range', () => {
    for (const bad of ['', 'latest', '>=', '1.2', '^x', '1.0.0 ||', '>>1.0.0']) expect(parseRange(bad)).toBeNull();
  });

  it('tells the same major (the same minor below 1.0.0)', () => {
    expect(sameMajor('0.1.0', '0.1.7')).toBe(true);
    expect(sameMajor('0.1.0', '0.2.0')).toBe(false);
    expect(sameMajor('1.2.0', '1.9.3')).toBe(true);
    expect(sameMajor('1.2.0', '2.0.0')).toBe(false);
    expect(sameMajor('1.2.0', 'x')).toBe(false);
  });
});
