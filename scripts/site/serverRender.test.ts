import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serverEntryFile, type ServerEntrySource } from './serverRender';

describe('serverEntryFile: the server container of a release in a releases folder', () => {
  const releasesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'server-entry-'));
  const source: ServerEntrySource = { pageOrigin: 'http://127.0.0.1:4110', releasesDir, localDists: {} };
  const pinned = () => true;
  afterAll(() => fs.rmSync(releasesDir, { recursive: true, force: true }));

  test.each([
    // As `pnpm rollout` writes a release's URL: the version's '+' as it is.
    ['/releases/mfe_claim/0.3.0+b2/mf-manifest.json'],
    ['/releases/mfe_claim/0.3.0%2Bb2/mf-manifest.json'],
    ['http://127.0.0.1:4110/releases/mfe_claim/0.3.0+b2/mf-manifest.json'],
  ])('%s → its folder’s server/remoteEntry.js', (url) => {
    expect(serverEntryFile('mfe_claim', { version: '0.3.0+b2', url }, source, pinned)).toBe(
      path.join(releasesDir, 'mfe_claim', '0.3.0+b2', 'server', 'remoteEntry.js'),
    );
  });

  test.each([
    ['another release’s URL', '0.3.0+b2', '/releases/mfe_claim/0.3.0+b3/mf-manifest.json'],
    ['another origin', '0.3.0+b2', 'https://cdn.example/releases/mfe_claim/0.3.0+b2/mf-manifest.json'],
    ['a version that is a way out', '..', '/releases/mfe_claim/../mf-manifest.json'],
    ['a version with a slash', 'a/b', '/releases/mfe_claim/a%2Fb/mf-manifest.json'],
    ['a bad escape', '0.3.0+b2', '/releases/mfe_claim/0.3.0%E0%A4%A/mf-manifest.json'],
  ])('%s: none', (_what, version, url) => {
    expect(serverEntryFile('mfe_claim', { version, url }, source, pinned)).toBeNull();
  });

  test('a release whose pins do not hold: none', () => {
    const url = '/releases/mfe_claim/0.3.0+b2/mf-manifest.json';
    expect(serverEntryFile('mfe_claim', { version: '0.3.0+b2', url }, source, () => false)).toBeNull();
  });
});
