import { langAtom } from './langAtom';
import { prdsStore } from '../state/store';
import type { LangCode } from './languages';
import { loadRegisteredScopes, registerMessages, resetMessageScopes, scopeMessages, type MessagesLoader } from './messageScopes';

/** A remote's messages as its chunks serve them, recording what was asked for. */
function remoteLoader(failing: readonly LangCode[] = []) {
  const requested: LangCode[] = [];
  const load: MessagesLoader = async (lang) => {
    requested.push(lang);
    if (failing.includes(lang)) throw new Error(`chunk messages-${lang} failed`);
    return { 'market.list.title': `title in ${lang}` };
  };
  return { load, requested };
}

beforeEach(() => {
  resetMessageScopes();
  prdsStore.set(langAtom, 'en');
});

describe('registerMessages', () => {
  it("starts loading the page language's messages at once, and serves them from then on", async () => {
    prdsStore.set(langAtom, 'ko');
    const { load, requested } = remoteLoader();
    registerMessages('mfe_market', load);
    expect(requested).toEqual(['ko']);
    await expect(scopeMessages('mfe_market', 'ko')).resolves.toEqual({
      lang: 'ko',
      messages: { 'market.list.title': 'title in ko' },
    });
    registerMessages('mfe_market', load); // the same loader again changes nothing
    await scopeMessages('mfe_market', 'ko');
    expect(requested).toEqual(['ko']);
  });

  it("replaces a scope's loader (another release of the remote) and forgets what the old one loaded", async () => {
    const first = remoteLoader();
    registerMessages('mfe_market', first.load);
    await scopeMessages('mfe_market', 'en');
    const second: MessagesLoader = async () => ({ 'market.list.title': 'from the new release' });
    registerMessages('mfe_market', second);
    await expect(scopeMessages('mfe_market', 'en')).resolves.toEqual({
      lang: 'en',
      messages: { 'market.list.title': 'from the new release' },
    });
  });
});

describe('scopeMessages', () => {
  it('marks a settled load so that React reads it without suspending', async () => {
    registerMessages('mfe_claim', remoteLoader().load);
    const loading = scopeMessages('mfe_claim', 'en');
    await loading;
    expect(loading.status).toBe('fulfilled');
    expect(loading.value?.messages).toEqual({ 'market.list.title': 'title in en' });
    expect(scopeMessages('mfe_claim', 'en')).toBe(loading);
  });

  it("falls back to English when the language's chunk fails", async () => {
    const { load, requested } = remoteLoader(['fr']);
    registerMessages('mfe_market', load);
    await expect(scopeMessages('mfe_market', 'fr')).resolves.toEqual({
      lang: 'en',
      messages: { 'market.list.title': 'title in en' },
    });
    expect(requested).toEqual(['en', 'fr', 'en']);
  });

  it('forgets a load that failed even in English, so the next render tries again', async () => {
    let fail = true;
    registerMessages('mfe_issue', async () => {
      if (fail) throw new Error('offline');
      return { 'issue.form.title': 'Issue' };
    });
    const failed = scopeMessages('mfe_issue', 'en');
    await expect(failed).rejects.toThrow('offline');
    expect(failed.status).toBe('rejected');
    fail = false;
    await expect(scopeMessages('mfe_issue', 'en')).resolves.toEqual({ lang: 'en', messages: { 'issue.form.title': 'Issue' } });
  });

  it('refuses a scope nobody registered', async () => {
    await expect(scopeMessages('mfe_unknown', 'en')).rejects.toThrow('no messages registered for mfe_unknown');
  });
});

describe('loadRegisteredScopes', () => {
  it("loads every registered scope's messages for a language and settles even when one fails", async () => {
    const market = remoteLoader();
    const claim = remoteLoader(['de', 'en']);
    registerMessages('mfe_market', market.load);
    registerMessages('mfe_claim', claim.load);
    await expect(loadRegisteredScopes('de')).resolves.toBeUndefined();
    expect(market.requested).toEqual(['en', 'de']);
    expect(scopeMessages('mfe_market', 'de').status).toBe('fulfilled');
  });
});
