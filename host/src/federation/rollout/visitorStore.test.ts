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

describe('VisitorStore and the rollout cookie', () => {
  const ID = '0b7c5d2e-4f1a-4c3b-9d8e-1a2b3c4d5e6f';
  const OTHER = '11111111-2222-4333-8444-555555555555';
  const WALLET = '0x00000000000000000000000000000000000000aa';
  const jar = (initial = '') => {
    let cookie = initial;
    const written: string[] = [];
    return {
      written,
      jar: {
        read: () => cookie,
        write: (value: string) => {
          written.push(value);
          cookie = value.split(';')[0] ?? '';
        },
        secure: false,
      },
    };
  };

  it('adopts the install id the server minted when storage has none, and writes nothing back', () => {
    const storage = new MemoryStorage();
    const cookies = jar(`prds_rollout=${ID}`);
    const store = new VisitorStore(storage, undefined, cookies.jar);
    expect(store.installId()).toBe(ID);
    expect(storage.items.get('prds.rollout.id')).toBe(ID);
    store.mirrorToCookie();
    expect(cookies.written).toEqual([]);
  });

  it('keeps a stored install id (the visitor’s bucket) over a newer cookie, and writes it back', () => {
    const storage = new MemoryStorage();
    storage.setItem('prds.rollout.id', OTHER);
    const cookies = jar(`prds_rollout=${ID}`);
    const store = new VisitorStore(storage, undefined, cookies.jar);
    expect(store.installId()).toBe(OTHER);
    store.mirrorToCookie();
    expect(cookies.written).toEqual([
      expect.stringMatching(new RegExp(`^prds_rollout=${OTHER}; Path=/; Max-Age=\\d+; SameSite=Lax$`)),
    ]);
  });

  it('mirrors the wallet and the cohorts, and reads them back from the cookie alone', () => {
    const cookies = jar();
    const store = new VisitorStore(new MemoryStorage(), undefined, cookies.jar);
    store.installId();
    store.rememberAccount(WALLET.toUpperCase().replace('0X', '0x'));
    store.joinCohort('internal');
    expect(cookies.written.at(-1)).toMatch(new RegExp(`^prds_rollout=${WALLET}%7Cinternal;`));
    const fresh = new VisitorStore(new MemoryStorage(), undefined, cookies.jar);
    expect(fresh.account()).toBe(WALLET);
    expect(fresh.cohorts()).toEqual(['internal']);
  });

  it('mirrors a version marked bad, so the server stops hinting it; it is avoided from the cookie alone too', () => {
    let now = 1_000;
    const cookies = jar(`prds_rollout=${ID}`);
    const store = new VisitorStore(new MemoryStorage(), () => now, cookies.jar);
    store.markBad('mfe_claim', '0.1.0+b2', 500);
    expect(cookies.written.at(-1)).toMatch(
      new RegExp(`^prds_rollout=${ID}%7C!mfe_claim%400\\.1\\.0%2Bb2~${(1_500).toString(36)};`),
    );
    const fresh = new VisitorStore(new MemoryStorage(), () => now, cookies.jar);
    expect(fresh.isBad('mfe_claim', '0.1.0+b2')).toBe(true);
    now = 1_500;
    expect(fresh.isBad('mfe_claim', '0.1.0+b2')).toBe(false);
  });
});
