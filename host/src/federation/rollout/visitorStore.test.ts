import { readRolloutQuery, VisitorStore, type KeyValueStore } from './visitorStore';

class MemoryStorage implements KeyValueStore {
  readonly items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
  removeItem = (key: string) => void this.items.delete(key);
}

describe('VisitorStore', () => {
  it('keeps one install id across pages, and one for this page when storage throws', () => {
    const storage = new MemoryStorage();
    const id = new VisitorStore(storage).installId();
    expect(new VisitorStore(storage).installId()).toBe(id);
    const throwing: KeyValueStore = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => undefined,
    };
    const store = new VisitorStore(throwing);
    expect(store.installId()).toBe(store.installId());
  });

  it('remembers a wallet (lowercase), cohorts and failed versions until they expire', () => {
    let now = 0;
    const store = new VisitorStore(new MemoryStorage(), () => now);
    store.rememberAccount('0xABCDEFabcdefABCDEFabcdefABCDEFabcdefABCD');
    expect(store.account()).toBe('0xabcdefabcdefabcdefabcdefabcdefabcdefabcd');
    store.rememberAccount('not an address');
    expect(store.account()).toBe('0xabcdefabcdefabcdefabcdefabcdefabcdefabcd');
    store.joinCohort('internal');
    store.joinCohort('internal');
    expect(store.cohorts()).toEqual(['internal']);
    store.markBad('mfe_claim', '2.0.0', 1000);
    expect(store.isBad('mfe_claim', '2.0.0')).toBe(true);
    expect(store.isBad('mfe_claim', '1.0.0')).toBe(false);
    now = 1001;
    expect(store.isBad('mfe_claim', '2.0.0')).toBe(false);
  });

  it('reads QA overrides and a cohort from the query (a + reads as a space there)', () => {
    expect(readRolloutQuery('?remote-version=mfe_claim@0.1.0+b1,mfe_market@2.0.0&rollout-cohort=Internal')).toEqual({
      overrides: { mfe_claim: '0.1.0+b1', mfe_market: '2.0.0' },
      cohort: 'internal',
    });
    expect(readRolloutQuery('?rollout-cohort=%3Cb%3E')).toEqual({ overrides: {}, cohort: null });
  });
});
