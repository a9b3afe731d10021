import {
  applyRemoteDev,
  parseRemoteDev,
  parseRemoteDevItem,
  readRemoteDevQuery,
  withoutRemoteDev,
  type DevRefusalReason,
} from './devOverride';
import { STORAGE_KEYS, VisitorStore, type KeyValueStore } from './rollout/visitorStore';

class MemoryStorage implements KeyValueStore {
  readonly items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
  removeItem = (key: string) => void this.items.delete(key);
}

const MARKET = 'http://127.0.0.1:3001/mf-manifest.json';
const CLAIM = 'http://127.0.0.1:3105/mf-manifest.json';

describe('parseRemoteDevItem', () => {
  it('takes a remote (its container name) and the mf-manifest.json or .js entry of a loopback dev server', () => {
    expect(parseRemoteDevItem(`mfe_market@${MARKET}`)).toEqual({
      remote: 'mfe_market',
      url: MARKET,
      origin: 'http://127.0.0.1:3001',
    });
    expect(parseRemoteDevItem(' mfe_claim@http://localhost:3105/remoteEntry.js ')).toEqual({
      remote: 'mfe_claim',
      url: 'http://localhost:3105/remoteEntry.js',
      origin: 'http://localhost:3105',
    });
    expect(parseRemoteDevItem('mfe_issue@https://[::1]:3002/dev/mf-manifest.json')).toMatchObject({
      origin: 'https://[::1]:3002',
    });
    // The whole 127.0.0.0/8, in any spelling the URL parser reads as it (127.1 is 127.0.0.1).
    expect(parseRemoteDevItem('mfe_license@http://127.8.9.10:3003/mf-manifest.json')).toMatchObject({ remote: 'mfe_license' });
    expect(parseRemoteDevItem('mfe_license@http://127.1:3003/mf-manifest.json')).toMatchObject({
      url: 'http://127.0.0.1:3003/mf-manifest.json',
    });
    expect(parseRemoteDevItem('mfe_portfolio@http://[0:0:0:0:0:0:0:1]:3004/mf-manifest.json')).toMatchObject({
      origin: 'http://[::1]:3004',
    });
  });

  it.each<[string, DevRefusalReason]>([
    [`mfe_market${MARKET}`, 'missing-at'],
    ['mfe_market', 'missing-at'],
    [`mfe_nope@${MARKET}`, 'unknown-remote'],
    [`market@${MARKET}`, 'unknown-remote'],
    [`@${MARKET}`, 'unknown-remote'],
    ['mfe_market@127.0.0.1:3001/mf-manifest.json', 'not-url'],
    // Without its scheme, the host reads as one.
    ['mfe_market@localhost:3001/mf-manifest.json', 'not-http'],
    ['mfe_market@localhost', 'not-url'],
    ['mfe_market@http://', 'not-url'],
    ['mfe_market@ftp://127.0.0.1/mf-manifest.json', 'not-http'],
    ['mfe_market@file:///tmp/mf-manifest.json', 'not-http'],
    ['mfe_market@javascript:alert(1)//.js', 'not-http'],
    ['mfe_market@https://cdn.example.com/mf-manifest.json', 'not-loopback'],
    ['mfe_market@http://192.168.1.2:3001/mf-manifest.json', 'not-loopback'],
    ['mfe_market@http://0.0.0.0:3001/mf-manifest.json', 'not-loopback'],
    ['mfe_market@http://dev.localhost:3001/mf-manifest.json', 'not-loopback'],
    ['mfe_market@http://127.0.0.1.example.com/mf-manifest.json', 'not-loopback'],
    // The first '@' ends the remote's name: what follows is the URL, whose host here is evil.test.
    ['mfe_market@http://127.0.0.1@evil.test/mf-manifest.json', 'not-loopback'],
    ['mfe_market@http://[::ffff:127.0.0.1]:3001/mf-manifest.json', 'not-loopback'],
    ['mfe_market@http://127.0.0.1:3001/', 'not-entry'],
    ['mfe_market@http://127.0.0.1:3001/manifest.json', 'not-entry'],
    ['mfe_market@http://127.0.0.1:3001/mf-manifest.json.map', 'not-entry'],
  ])('refuses %s (%s)', (value, reason) => {
    expect(parseRemoteDevItem(value)).toEqual({ value, reason });
  });
});

describe('parseRemoteDev', () => {
  it('reads comma-separated items, the last of a remote winning, and refuses the bad ones beside', () => {
    expect(parseRemoteDev(`mfe_market@${MARKET}, mfe_claim@${CLAIM},,bad`)).toEqual({
      clear: false,
      overrides: [
        { remote: 'mfe_market', url: MARKET, origin: 'http://127.0.0.1:3001' },
        { remote: 'mfe_claim', url: CLAIM, origin: 'http://127.0.0.1:3105' },
      ],
      refused: [{ value: 'bad', reason: 'missing-at' }],
    });
    expect(parseRemoteDev(`mfe_market@http://127.0.0.1:1/mf-manifest.json,mfe_market@${MARKET}`).overrides).toEqual([
      { remote: 'mfe_market', url: MARKET, origin: 'http://127.0.0.1:3001' },
    ]);
  });

  it('reads off as forgetting every override', () => {
    expect(parseRemoteDev('off')).toEqual({ clear: true, overrides: [], refused: [] });
    expect(parseRemoteDev('OFF')).toMatchObject({ clear: true });
    expect(parseRemoteDev('')).toEqual({ clear: false, overrides: [], refused: [] });
  });
});

describe('readRemoteDevQuery', () => {
  it('joins repeated params, and is null without one', () => {
    expect(readRemoteDevQuery('?remote-version=mfe_market@1.0.0')).toBeNull();
    const query = readRemoteDevQuery(`?remote-dev=${encodeURIComponent(`mfe_market@${MARKET}`)}&remote-dev=mfe_claim@${CLAIM}`);
    expect(query?.overrides.map((o) => o.remote)).toEqual(['mfe_market', 'mfe_claim']);
    expect(readRemoteDevQuery('?remote-dev=off&remote-dev=x')).toEqual({
      clear: true,
      overrides: [],
      refused: [{ value: 'x', reason: 'missing-at' }],
    });
  });
});

describe('applyRemoteDev', () => {
  it('keeps a valid override in storage until off clears it; a later query replaces only its remote', () => {
    const storage = new MemoryStorage();
    const store = new VisitorStore(storage);
    expect(applyRemoteDev(`?remote-dev=mfe_market@${MARKET}`, store).active.map((o) => o.url)).toEqual([MARKET]);
    // A reload, navigation: no query, the override holds.
    expect(applyRemoteDev('', new VisitorStore(storage)).active.map((o) => o.remote)).toEqual(['mfe_market']);
    const both = applyRemoteDev(`?remote-dev=mfe_claim@${CLAIM},mfe_market@http://localhost:4001/mf-manifest.json`, store);
    expect(Object.fromEntries(both.active.map((o) => [o.remote, o.url]))).toEqual({
      mfe_market: 'http://localhost:4001/mf-manifest.json',
      mfe_claim: CLAIM,
    });
    // A refused value changes nothing kept.
    expect(applyRemoteDev('?remote-dev=mfe_claim@https://cdn.test/mf-manifest.json', store)).toMatchObject({
      active: [{ remote: 'mfe_market' }, { remote: 'mfe_claim' }],
      refused: [{ reason: 'not-loopback' }],
    });
    expect(applyRemoteDev('?remote-dev=off', store)).toEqual({ active: [], refused: [] });
    expect(storage.items.has(STORAGE_KEYS.dev)).toBe(false);
    expect(applyRemoteDev('', store).active).toEqual([]);
    // Off and a new override at once: the new one only.
    applyRemoteDev(`?remote-dev=mfe_claim@${CLAIM}`, store);
    expect(applyRemoteDev(`?remote-dev=off,mfe_market@${MARKET}`, store).active.map((o) => o.remote)).toEqual(['mfe_market']);
  });

  it('refuses and forgets a kept value that no longer passes', () => {
    const storage = new MemoryStorage();
    storage.setItem(
      STORAGE_KEYS.dev,
      JSON.stringify({ mfe_market: MARKET, mfe_old: MARKET, mfe_claim: 'https://cdn.test/x.js' }),
    );
    const state = applyRemoteDev('', new VisitorStore(storage));
    expect(state.active.map((o) => o.remote)).toEqual(['mfe_market']);
    expect(state.refused.map((r) => r.reason)).toEqual(['unknown-remote', 'not-loopback']);
    expect(JSON.parse(storage.items.get(STORAGE_KEYS.dev) ?? '')).toEqual({ mfe_market: MARKET });
  });
});

describe('withoutRemoteDev', () => {
  it('drops every remote-dev param and keeps the rest of the address', () => {
    expect(withoutRemoteDev(`http://127.0.0.1:3000/claim?remote-dev=mfe_claim@${CLAIM}`)).toBe('http://127.0.0.1:3000/claim');
    expect(withoutRemoteDev(`http://site.test/detail/4?tab=history&remote-dev=off&remote-dev=x#top`)).toBe(
      'http://site.test/detail/4?tab=history#top',
    );
    expect(withoutRemoteDev('http://site.test/market?q=a%20b')).toBe('http://site.test/market?q=a%20b');
  });
});
