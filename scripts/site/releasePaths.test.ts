import { isReleaseAsset, releaseFileOf, sendRelativePath } from './releasePaths';

describe('releaseFileOf: the file a request reaches, as @fastify/static and @fastify/send resolve it', () => {
  test.each([
    ['/releases/rollout.json', 'rollout.json'],
    ['/releases//rollout.json', 'rollout.json'],
    ['/releases/./rollout.json', 'rollout.json'],
    ['/releases/mfe_claim/../rollout.json', 'rollout.json'],
    ['/releases/%72ollout.json', 'rollout.json'],
    // Decoded twice on the way (decodeURI by static, then send): %25 72 → %72 → r.
    ['/releases/%2572ollout.json', 'rollout.json'],
    ['/releases/rollout.json?v=2', 'rollout.json'],
    ['/releases/mfe_claim/0.1.0+a/remoteEntry.js', 'mfe_claim/0.1.0+a/remoteEntry.js'],
    ['/releases//mfe_claim//0.1.0+a/./remoteEntry.js', 'mfe_claim/0.1.0+a/remoteEntry.js'],
    ['/releases/rollout.json.lock', 'rollout.json.lock'],
  ])('%s → %s', (url, file) => {
    expect(releaseFileOf(url)).toBe(file);
  });

  test.each([
    ['outside the folder', '/remotes.json'],
    ['the folder without its slash', '/releasesrollout.json'],
    ['a bad escape', '/releases/%E0%A4%A'],
    ['an escape send cannot decode', '/releases/%25E0'],
    ['a NUL byte', '/releases/rollout.json%00'],
    ['a way out of the folder', '/releases/../package.json'],
    ['an escaped way out', '/releases/%2e%2e/package.json'],
  ])('%s (%s) reaches no file', (_what, url) => {
    expect(releaseFileOf(url)).toBeNull();
  });

  test('sendRelativePath takes the path as @fastify/static hands it over (decoded once, leading slash)', () => {
    expect(sendRelativePath('//rollout.json')).toBe('rollout.json');
    expect(sendRelativePath('/a/b/../../rollout.json')).toBe('rollout.json');
    expect(sendRelativePath('/a/../../rollout.json')).toBeNull();
  });
});

describe('isReleaseAsset: only the files of a published release are served as they are on disk', () => {
  test.each(['mfe_claim/0.1.0+a/remoteEntry.js', 'mfe_claim/0.1.0+a/mf-manifest.json', 'mfe_market/1.2.0+b/123.abcd1234.js'])(
    '%s is served',
    (file) => {
      expect(isReleaseAsset(file)).toBe(true);
    },
  );

  test.each([
    ['the manifest (the validated route answers it)', 'rollout.json'],
    ["pnpm rollout's lock", 'rollout.json.lock'],
    ["pnpm rollout's temporary file", 'rollout.json.4242.tmp'],
    ['a lock inside a release', 'mfe_claim/0.1.0+a/x.lock'],
    ["pnpm release's staging folder", '.staging/mfe_claim-1-2/remoteEntry.js'],
    ['a dot-file inside a release', 'mfe_claim/0.1.0+a/.env'],
    ['a release folder', 'mfe_claim/0.1.0+a/'],
    ['a container folder', 'mfe_claim'],
    ['nothing', null],
  ])('%s (%s) is not', (_what, file) => {
    expect(isReleaseAsset(file)).toBe(false);
  });
});
