import { bucketOf } from './bucket';
import type { ReleaseRecord, RemoteRollout } from './rolloutManifest';
import { planVersions, type Visitor } from './selectVersion';

const record = (shared: string | null = '0.1.0'): ReleaseRecord => ({
  url: 'http://cdn.test/x/mf-manifest.json',
  integrity: null,
  shared,
  publishedAt: null,
});
const rollout = (overrides: Partial<RemoteRollout> = {}): RemoteRollout => ({
  stable: 's',
  canary: { version: 'c', percent: 25, cohorts: ['internal', '0x00000000000000000000000000000000000000aa'], startedAt: null },
  lastGood: ['g1', 'g2'],
  requires: { host: '^0.1.0', shared: '^0.1.0' },
  versions: { s: record(), c: record(), g1: record(), g2: record('9.0.0') },
  ...overrides,
});
const SALT = 'salt';
/** Install ids whose bucket is below 25 (gets a 25 % canary) and at or above it. */
const inCanary = Array.from({ length: 400 }, (_, i) => `id-${i}`).find((id) => bucketOf(id, SALT) < 25) ?? '';
const outOfCanary = Array.from({ length: 400 }, (_, i) => `id-${i}`).find((id) => bucketOf(id, SALT) >= 25) ?? '';
const visitor = (overrides: Partial<Visitor> = {}): Visitor => ({
  installId: outOfCanary,
  account: null,
  cohorts: [],
  override: null,
  isBad: () => false,
  ...overrides,
});
const page = { host: '0.1.0', shared: '0.1.0' };
const plan = (v: Partial<Visitor>, r: Partial<RemoteRollout> = {}, p = page) => {
  const result = planVersions(rollout(r), SALT, visitor(v), p);
  return {
    order: result.candidates.map((c) => `${c.version}:${c.reason}${c.bad ? ':bad' : ''}`).join(' '),
    refused: result.refused.map((x) => `${x.version}:${x.kind}`).join(' '),
    incompatible: result.incompatible,
  };
};

describe('planVersions: which version a visitor gets, and what it falls back to', () => {
  it.each<[string, Partial<Visitor>, Partial<RemoteRollout>, string]>([
    ['bucket at or above the percent', {}, {}, 's:stable g1:fallback'],
    ['bucket below the percent', { installId: inCanary }, {}, 'c:canary s:fallback g1:fallback'],
    [
      'a wallet in the cohort (its bucket is out)',
      { account: '0x00000000000000000000000000000000000000aa' },
      {},
      'c:cohort s:fallback g1:fallback',
    ],
    ['a named cohort', { cohorts: ['internal'] }, {}, 'c:cohort s:fallback g1:fallback'],
    ['no canary', { installId: inCanary }, { canary: null }, 's:stable g1:fallback'],
    [
      'a canary at 100 %',
      {},
      { canary: { version: 'c', percent: 100, cohorts: [], startedAt: null } },
      'c:canary s:fallback g1:fallback',
    ],
    [
      'a canary at 0 %',
      { installId: inCanary },
      { canary: { version: 'c', percent: 0, cohorts: [], startedAt: null } },
      's:stable g1:fallback',
    ],
    ['a QA override', { override: 'g1' }, {}, 'g1:override s:fallback'],
    ['an override of an unknown version', { override: 'nope' }, {}, 's:stable g1:fallback'],
    ['the canary failed before', { installId: inCanary, isBad: (v) => v === 'c' }, {}, 's:fallback g1:fallback c:canary:bad'],
    ['everything failed before', { isBad: () => true }, {}, 's:stable:bad g1:fallback:bad'],
  ])('%s → %s', (_label, v, r, expected) => {
    expect(plan(v, r).order).toBe(expected);
  });

  it('leaves out releases built for another @prds/shared major, listing them', () => {
    expect(plan({}).refused).toBe('g2:shared');
    const canaryOnNewShared = plan(
      { installId: inCanary },
      { versions: { s: record(), c: record('1.0.0'), g1: record(), g2: record() } },
    );
    expect(canaryOnNewShared.order).toBe('s:fallback g1:fallback g2:fallback');
    expect(canaryOnNewShared.refused).toBe('c:shared');
  });

  it('offers nothing when the remote needs another host or @prds/shared', () => {
    expect(plan({}, {}, { host: '0.2.0', shared: '0.1.0' })).toEqual({ order: '', refused: '', incompatible: 'host' });
    expect(plan({}, {}, { host: '0.1.0', shared: '0.3.0' })).toEqual({ order: '', refused: '', incompatible: 'shared' });
  });

  it('keys the bucket by the wallet once one is remembered, whatever the install id', () => {
    const wallet = '0x' + '1'.repeat(40);
    const expected = bucketOf(wallet, SALT) < 25 ? 'c' : 's';
    for (const installId of [inCanary, outOfCanary]) {
      expect(plan({ installId, account: wallet }).order.split(':')[0]).toBe(expected);
    }
  });
});
