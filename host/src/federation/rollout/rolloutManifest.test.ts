import { manifestOrigins, parseRolloutManifest } from './rolloutManifest';

const NAMES = ['mfe_market', 'mfe_claim'] as const;
const PIN = `sha384-${'A'.repeat(64)}`;
const base = 'http://site.test/remotes.json';

function valid() {
  return {
    schemaVersion: 1,
    salt: 's1',
    reports: true,
    autoRollback: { maxFailureRate: 0.2, minLoads: 20, minVisitors: 3 },
    remotes: {
      mfe_claim: {
        stable: '0.1.0+a',
        canary: { version: '0.1.0+b', percent: 25, cohorts: ['internal', '0xABCDEFabcdefABCDEFabcdefABCDEFabcdefABCD'] },
        lastGood: [],
        requires: { host: '>=0.1.0 <1.0.0', shared: '^0.1.0' },
        versions: {
          '0.1.0+a': {
            url: '/releases/mfe_claim/0.1.0+a/mf-manifest.json',
            integrity: { manifest: PIN, entry: PIN },
            shared: '0.1.0',
          },
          '0.1.0+b': { url: 'https://cdn.test/r/mfe_claim/0.1.0+b/mf-manifest.json', integrity: null, shared: null },
        },
      },
      mfe_newer: { whatever: 1 },
    },
  };
}

const parse = (raw: unknown) => parseRolloutManifest(raw, { remoteNames: NAMES, base });
type Valid = ReturnType<typeof valid>;
const refusedWith = (edit: (m: Valid) => unknown) => {
  const raw = valid();
  const result = parse(edit(raw) ?? raw);
  return result.ok ? 'accepted' : result.reason;
};

describe('parseRolloutManifest', () => {
  it('reads a valid manifest: URLs resolved, cohorts lowercased, unknown remotes ignored', () => {
    const result = parse(valid());
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const claim = result.manifest.remotes.mfe_claim;
    expect(claim?.versions['0.1.0+a']?.url).toBe('http://site.test/releases/mfe_claim/0.1.0+a/mf-manifest.json');
    expect(claim?.canary?.cohorts).toEqual(['internal', '0xabcdefabcdefabcdefabcdefabcdefabcdefabcd']);
    expect(result.ignored).toEqual(['mfe_newer']);
    expect(result.manifest.autoRollback).toEqual({ maxFailureRate: 0.2, minLoads: 20, minVisitors: 3 });
    expect(manifestOrigins(result.manifest)).toEqual(['http://site.test', 'https://cdn.test']);
  });

  it.each<[string, (m: Valid) => unknown, RegExp]>([
    ['not an object', () => [1], /must be a JSON object/],
    ['another schema version', (m) => ({ ...m, schemaVersion: 2 }), /schemaVersion 2 is not one this reader knows/],
    ['no salt', (m) => ({ ...m, salt: undefined }), /salt/],
    ['stable not released', (m) => void (m.remotes.mfe_claim.stable = '9.9.9'), /stable names 9\.9\.9, which is not in versions/],
    ['canary = stable', (m) => void (m.remotes.mfe_claim.canary.version = '0.1.0+a'), /canary\.version is the stable version/],
    ['percent 101', (m) => void (m.remotes.mfe_claim.canary.percent = 101), /percent must be an integer from 0 to 100/],
    ['percent 2.5', (m) => void (m.remotes.mfe_claim.canary.percent = 2.5), /percent/],
    ['a script URL', (m) => void (m.remotes.mfe_claim.versions['0.1.0+a'].url = 'javascript:alert(1)'), /http\(s\) URL/],
    ['a short pin', (m) => void (m.remotes.mfe_claim.versions['0.1.0+a'].integrity.entry = 'sha384-abc'), /integrity\.entry/],
    [
      'a sha256 pin',
      (m) => void (m.remotes.mfe_claim.versions['0.1.0+a'].integrity.entry = `sha256-${'A'.repeat(44)}`),
      /integrity/,
    ],
    ['a bad range', (m) => void (m.remotes.mfe_claim.requires.host = 'latest'), /requires\.host is not a version range/],
    ['a bad shared version', (m) => void (m.remotes.mfe_claim.versions['0.1.0+a'].shared = 'one'), /shared is not a version/],
    [
      'a bad version key',
      (m) => void (m.remotes.mfe_claim.versions = { '../x': m.remotes.mfe_claim.versions['0.1.0+a'] } as never),
      /versions key/,
    ],
    ['lastGood twice', (m) => void (m.remotes.mfe_claim.lastGood = ['0.1.0+a', '0.1.0+a'] as never), /twice/],
    ['a bad cohort', (m) => void (m.remotes.mfe_claim.canary.cohorts = ['<b>'] as never), /cohorts\[0\]/],
    ['a rate above 1', (m) => void (m.autoRollback.maxFailureRate = 1.5), /maxFailureRate/],
    ['no visitor at all', (m) => void (m.autoRollback.minVisitors = 0), /minVisitors/],
  ])('refuses %s, naming the field', (_label, edit, reason) => {
    expect(refusedWith(edit)).toMatch(reason);
    expect(refusedWith(edit)).toMatch(/^rollout manifest refused: /);
  });
});
