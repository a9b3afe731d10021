import { acceptedLanguages, createMarketPreviews, lookupOfAnswer, previewDescription, previewHead } from './marketPreview';

const EN = { locale: 'en', multiplier: '×{value}', expirationTime: 'Expiration time' };
const DE = { locale: 'de', multiplier: '×{value}', expirationTime: 'Ablaufzeitpunkt' };
const MARKET = {
  event: 'Will <BTC> close above $100k & stay "there"?',
  options: [
    { label: 'Yes', payoutMultiplier: '1.969999' },
    { label: 'No', payoutMultiplier: '12345.5' },
    { label: null, payoutMultiplier: null },
  ],
  expirationTime: Date.UTC(2026, 11, 1, 12) / 1000,
};

describe('previewDescription', () => {
  it('names each option with its payout multiplier (at most 2 decimals, rounded down) and the expiration time in UTC', () => {
    expect(previewDescription(MARKET, EN)).toBe('Yes ×1.96 · No ×12,345.5 · #3 · Expiration time: Dec 1, 2026, 12:00 PM UTC');
  });

  it('writes numbers and dates in the request’s language', () => {
    expect(previewDescription(MARKET, DE)).toMatch(
      /^Yes ×1,96 · No ×12\.345,5 · #3 · Ablaufzeitpunkt: 1\. Dez\. 2026, 12:00 UTC$/,
    );
  });
});

describe('previewHead', () => {
  it('gives the title, description, Open Graph and Twitter tags, every text escaped', () => {
    const { title, tags } = previewHead(MARKET, { url: 'https://site.test/detail/7', siteName: 'PRDS', words: EN });
    expect(title).toBe(`${MARKET.event} · PRDS`);
    const escaped = 'Will &#60;BTC&#62; close above $100k &#38; stay &#34;there&#34;?';
    expect(tags).toContain(`<meta property="og:title" content="${escaped}">`);
    expect(tags).toContain(`<meta name="twitter:title" content="${escaped}">`);
    expect(tags).toContain('<meta property="og:url" content="https://site.test/detail/7">');
    expect(tags).toContain('<meta property="og:type" content="website">');
    expect(tags).toContain('<meta name="twitter:card" content="summary">');
    expect(tags).toContain(
      '<meta property="og:description" content="Yes ×1.96 · No ×12,345.5 · #3 · Expiration time: Dec 1, 2026, 12:00 PM UTC">',
    );
    expect(tags.some((tag) => tag.startsWith('<meta name="description" '))).toBe(true);
    for (const tag of tags) expect(tag).toMatch(/^<meta (?:name|property)="[^"<>&]+" content="[^"<>]*">$/);
  });
});

describe('acceptedLanguages', () => {
  it('orders by q, keeps ties in order, drops * and q=0', () => {
    expect(acceptedLanguages('fr;q=0.5, de-DE, *;q=0.1, en;q=0, zh-CN;q=0.9')).toEqual(['de-DE', 'zh-CN', 'fr']);
    expect(acceptedLanguages(undefined)).toEqual([]);
  });
});

describe('lookupOfAnswer', () => {
  const answer = (market: unknown) => ({ code: 0, msg: 'ok', data: { market }, extra: {} });
  it('found, missing (the api’s 404 marketNotFound), or unknown for anything else', () => {
    expect(lookupOfAnswer(200, answer({ ...MARKET, state: 'open' }))).toEqual({ status: 'found', market: MARKET });
    expect(lookupOfAnswer(404, { code: 40402, msg: 'No such market', data: null })).toEqual({ status: 'missing' });
    expect(lookupOfAnswer(404, { code: 40401 })).toEqual({ status: 'unknown' });
    expect(lookupOfAnswer(500, { code: 50000 })).toEqual({ status: 'unknown' });
    expect(lookupOfAnswer(200, answer({ ...MARKET, event: null }))).toEqual({ status: 'unknown' });
    expect(lookupOfAnswer(200, answer({ ...MARKET, options: [3] }))).toEqual({ status: 'unknown' });
    expect(lookupOfAnswer(200, null)).toEqual({ status: 'unknown' });
  });
});

describe('createMarketPreviews', () => {
  const ok = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status }));

  it('asks the api once per market within the cache time, and again after it', async () => {
    let now = 0;
    const calls: string[] = [];
    const previews = createMarketPreviews({
      apiOrigin: 'http://api.test',
      now: () => now,
      ttlMs: 5_000,
      fetchImpl: (url, init) => {
        calls.push(`${String(url)} ${String(init?.body)}`);
        return ok({ code: 0, data: { market: MARKET } });
      },
    });
    const burst = await Promise.all(Array.from({ length: 20 }, () => previews.lookup('7')));
    expect(burst.every((r) => r.status === 'found')).toBe(true);
    expect(calls).toEqual(['http://api.test/api/market/detail {"id":"7"}']);
    now = 5_001;
    await previews.lookup('7');
    expect(calls).toHaveLength(2);
  });

  it('gives up after the budget (the answer then fills the cache), and an error is unknown', async () => {
    let release: (r: Response) => void = () => undefined;
    const previews = createMarketPreviews({
      apiOrigin: 'http://api.test',
      budgetMs: 20,
      fetchImpl: () => new Promise<Response>((resolve) => (release = resolve)),
    });
    expect(await previews.lookup('9')).toEqual({ status: 'unknown' });
    release(new Response(JSON.stringify({ code: 40402 }), { status: 404 }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await previews.lookup('9')).toEqual({ status: 'missing' });
    const failing = createMarketPreviews({ apiOrigin: 'http://api.test', fetchImpl: () => Promise.reject(new Error('down')) });
    expect(await failing.lookup('1')).toEqual({ status: 'unknown' });
  });

  it('keeps at most maxEntries markets', async () => {
    const calls: string[] = [];
    const previews = createMarketPreviews({
      apiOrigin: 'http://api.test',
      maxEntries: 2,
      fetchImpl: (_url, init) => {
        calls.push(String(init?.body));
        return ok({ code: 40402 }, 404);
      },
    });
    for (const id of ['1', '2', '3', '1']) await previews.lookup(id);
    // 1 was dropped when 3 came in, so it is asked again.
    expect(calls).toEqual(['{"id":"1"}', '{"id":"2"}', '{"id":"3"}', '{"id":"1"}']);
  });
});
