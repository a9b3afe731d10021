import path from 'node:path';
import { browserSharedEntry, subsetNames as readSubsetNames, usedNames as namesUsed } from './sharedSubset.testkit';
import * as reactQuery from '@tanstack/react-query';

// The shared @tanstack/react-query singleton is the subset in queryExports.mjs. A name that product
// code imports from '@tanstack/react-query' but the subset lacks would be undefined at run time in
// the page (the unit tests use the full package), so this test keeps the two in step.

const SUBSET_FILE = path.join(__dirname, 'queryExports.mjs');

const subsetNames = () => readSubsetNames(SUBSET_FILE, 'prds-react-query');
const usedNames = () => namesUsed('@tanstack/react-query', { reexports: true });

describe('shared @tanstack/react-query subset', () => {
  const subset = subsetNames();

  it('lists only names @tanstack/react-query really exports', () => {
    const rq: Record<string, unknown> = reactQuery;
    expect(subset.filter((n) => rq[n] === undefined)).toEqual([]);
  });

  it('covers every name the host, the remotes and shared import from @tanstack/react-query', () => {
    const used = usedNames();
    expect(used.size).toBeGreaterThan(3); // the scan finds the apps' imports at all
    const missing = [...used].filter(([name]) => !subset.includes(name)).map(([n, f]) => `${n} (${f})`);
    expect(missing).toEqual([]);
  });

  it('is what createConfig shares under the @tanstack/react-query key', () => {
    expect(browserSharedEntry('@tanstack/react-query')?.import).toBe(SUBSET_FILE);
  });
});
