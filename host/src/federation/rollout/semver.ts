/**
 * The little of semver the rollout needs, in the page without a library: versions `1.2.3`, with an
 * optional `-prerelease` and `+build` (build metadata is ignored when comparing), and ranges made of
 * comparators (`>=1.2.0 <2.0.0`, `=1.2.3`, `1.2.3`), caret and tilde (`^0.1.0`, `~1.2.0`), `*`, and
 * alternatives joined by `||`. Prerelease versions compare below their release, as in semver.
 */
export interface Version {
  readonly major: number;
  readonly minor: number;
  readonly patch: number;
  readonly prerelease: string;
}

const VERSION = /^v?(0|[1-9]\d{0,8})\.(0|[1-9]\d{0,8})\.(0|[1-9]\d{0,8})(?:-([0-9A-Za-z.-]{1,64}))?(?:\+[0-9A-Za-z.-]{1,64})?$/;

export function parseVersion(text: string): Version | null {
  const match = VERSION.exec(text.trim());
  if (!match) return null;
  return { major: Number(match[1]), minor: Number(match[2]), patch: Number(match[3]), prerelease: match[4] ?? '' };
}

export function compareVersions(a: Version, b: Version): number {
  if (a.major !== b.major) return a.major - b.major;
  if (a.minor !== b.minor) return a.minor - b.minor;
  if (a.patch !== b.patch) return a.patch - b.patch;
  if (a.prerelease === b.prerelease) return 0;
  if (a.prerelease === '') return 1;
  if (b.prerelease === '') return -1;
  return a.prerelease < b.prerelease ? -1 : 1;
}

type Operator = '<' | '<=' | '>' | '>=' | '=';
interface Comparator {
  readonly op: Operator;
  readonly version: Version;
}
/** Alternatives (`||`), each a list of comparators that must all hold. */
export type Range = readonly (readonly Comparator[])[];

const v = (major: number, minor: number, patch: number): Version => ({ major, minor, patch, prerelease: '' });

function expand(token: string): Comparator[] | null {
  if (token === '*' || token === 'x' || token === 'X') return [];
  const op = /^(<=|>=|<|>|=|\^|~)?(.*)$/.exec(token);
  const operator = op?.[1] ?? '=';
  const version = parseVersion(op?.[2] ?? '');
  if (!version) return null;
  const { major, minor, patch } = version;
  if (operator === '^') {
    // ^1.2.3 := >=1.2.3 <2.0.0; ^0.2.3 := >=0.2.3 <0.3.0; ^0.0.3 := >=0.0.3 <0.0.4
    const upper = major > 0 ? v(major + 1, 0, 0) : minor > 0 ? v(0, minor + 1, 0) : v(0, 0, patch + 1);
    return [
      { op: '>=', version },
      { op: '<', version: { ...upper, prerelease: '0' } },
    ];
  }
  if (operator === '~') {
    return [
      { op: '>=', version },
      { op: '<', version: { ...v(major, minor + 1, 0), prerelease: '0' } },
    ];
  }
  return [{ op: operator as Operator, version }];
}

/** Parses a range, or null when it is not one this module reads. */
export function parseRange(text: string): Range | null {
  const alternatives = text.split('||').map((part) => part.trim());
  const range: Comparator[][] = [];
  for (const alternative of alternatives) {
    if (alternative === '') return null;
    const comparators: Comparator[] = [];
    // ">= 1.2.0" is written with a space as often as without.
    for (const token of alternative.replace(/(<=|>=|<|>|=|\^|~)\s+/g, '$1').split(/\s+/)) {
      const expanded = expand(token);
      if (!expanded) return null;
      comparators.push(...expanded);
    }
    range.push(comparators);
  }
  return range;
}

function holds({ op, version }: Comparator, candidate: Version): boolean {
  const order = compareVersions(candidate, version);
  switch (op) {
    case '<':
      return order < 0;
    case '<=':
      return order <= 0;
    case '>':
      return order > 0;
    case '>=':
      return order >= 0;
    case '=':
      return order === 0;
  }
}

/** True when `version` lies in `range`; false for anything that does not parse. */
export function satisfies(version: string, range: string): boolean {
  const parsedVersion = parseVersion(version);
  const parsedRange = parseRange(range);
  if (!parsedVersion || !parsedRange) return false;
  return parsedRange.some((comparators) => comparators.every((c) => holds(c, parsedVersion)));
}

/**
 * Whether code built against `builtAgainst` can run beside `loaded` of the same library: the same
 * major, and for 0.x the same minor (semver's caret: below 1.0.0 a minor is a breaking change).
 */
export function sameMajor(loaded: string, builtAgainst: string): boolean {
  const a = parseVersion(loaded);
  const b = parseVersion(builtAgainst);
  if (!a || !b) return false;
  return a.major === b.major && (a.major > 0 || a.minor === b.minor);
}
