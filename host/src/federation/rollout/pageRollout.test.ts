import { bucketOf } from './bucket';
import { chooseReleases } from './pageRollout';
import { pageRolloutJson, PAGE_ROLLOUT_ID, readPageRollout } from './pageRolloutBlock';
import type { RolloutManifest } from './rolloutManifest';
import { planVersions } from './selectVersion';

const record = (version: string) => ({
  url: `http://cdn.test/mfe_market/${version}/mf-manifest.json`,
  integrity: null,
  shared: '0.1.0',
  publishedAt: null,
});
const manifest: RolloutManifest = {
  schemaVersion: 1,
  salt: 'salt',
  reports: false,
  autoRollback: null,
  updatedAt: null,
  remotes: {
    mfe_market: {
      stable: 's',
      canary: { version: 'c', percent: 50, cohorts: ['internal'], startedAt: null },
      lastGood: [],
      requires: { host: '*', shared: '*' },
      versions: { s: record('s'), c: record('c') },
    },
    mfe_claim: {
      stable: 's',
      canary: null,
      lastGood: [],
      requires: { host: '^9.0.0', shared: '*' },
      versions: { s: record('s') },
    },
  },
};
const page = { host: '0.1.0', shared: '0.1.0' };

describe('chooseReleases: the server picks what the page picks first', () => {
  it('equals the first candidate of the page’s plan for many visitors, and leaves out what cannot load', () => {
    const rollout = manifest.remotes.mfe_market;
    if (!rollout) throw new Error('fixture');
    const seen = new Set<string>();
    for (let i = 0; i < 200; i += 1) {
      const installId = `0000000000000000-${i.toString(16).padStart(4, '0')}`;
      const visitor = { installId, account: null, cohorts: [], bad: {} };
      const chosen = chooseReleases(manifest, visitor, page, 0);
      const plan = planVersions(rollout, manifest.salt, { ...visitor, override: null, isBad: () => false }, page);
      expect(chosen.mfe_market?.version).toBe(plan.candidates[0]?.version);
      expect(chosen.mfe_market?.bucket).toBe(bucketOf(installId, 'salt'));
      expect(chosen.mfe_claim).toBeUndefined(); // needs host ^9
      seen.add(chosen.mfe_market?.version ?? '');
    }
    expect([...seen].sort()).toEqual(['c', 's']);
    const cohort = chooseReleases(manifest, { installId: 'x', account: null, cohorts: ['internal'], bad: {} }, page, 0);
    expect(cohort.mfe_market).toMatchObject({ version: 'c', reason: 'cohort', url: record('c').url });
  });

  it('leaves a version that failed in this browser to last, as the page does, until it expires', () => {
    const visitor = { installId: 'x', account: null, cohorts: ['internal'], bad: { 'mfe_market@c': 1_000 } };
    expect(chooseReleases(manifest, visitor, page, 999).mfe_market).toMatchObject({ version: 's', reason: 'fallback' });
    expect(chooseReleases(manifest, visitor, page, 1_000).mfe_market).toMatchObject({ version: 'c', reason: 'cohort' });
  });
});

describe('the page rollout block', () => {
  const docWith = (type: string, text: string) => ({
    getElementById: (id: string) =>
      id === PAGE_ROLLOUT_ID ? ({ getAttribute: () => type, textContent: text } as unknown as HTMLElement) : null,
  });

  it('escapes what could end the element, and reads back as the same data', () => {
    const rollout = { manifest: { salt: '</script><script>alert(1)</script>&\u2028' }, releases: {} };
    const json = pageRolloutJson(rollout);
    expect(json).not.toMatch(/[<>&\u2028]/);
    expect(readPageRollout(docWith('application/json', json))).toEqual(rollout);
  });

  it('is absent without the block, with another type, or when it does not parse', () => {
    expect(readPageRollout({ getElementById: () => null })).toBeNull();
    expect(readPageRollout(docWith('text/javascript', '{"manifest":{}}'))).toBeNull();
    expect(readPageRollout(docWith('application/json', '{"manifest":'))).toBeNull();
    expect(readPageRollout(docWith('application/json', '[1]'))).toBeNull();
  });
});
