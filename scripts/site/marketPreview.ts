// Link previews of a market page (/detail/:id, issue 26 item 6): what a chat app or a search engine
// shows for a shared link — the event as the title, the options with their current payout
// multipliers and the expiration time as the description — as <title>, meta description, Open Graph
// and Twitter card tags in the page's head. Numbers and dates go through the site's own formatters
// (@prds/shared: multipliers with two decimals, rounded down; the one date-time format, here in UTC,
// since the reader's zone is unknown) and the words through its locale files, in the request's
// language.
import { formatAmount } from '../../shared/src/format/formatAmount';
import { formatDateTime } from '../../shared/src/format/formatDateTime';
import { escapeHtml } from './pageDocument';

/** What a preview shows of a market (the api's /api/market/detail answer, `data.market`). */
export interface MarketPreview {
  readonly event: string;
  readonly options: readonly { readonly label: string | null; readonly payoutMultiplier: string | null }[];
  /** Unix seconds. */
  readonly expirationTime: number;
}

/** The locale texts a preview uses (existing keys of locales/<lang>.json) and the language. */
export interface PreviewWords {
  readonly locale: string;
  /** `common.market.multiplier`: '×{value}'. */
  readonly multiplier: string;
  /** `market.detail.expirationTime`: 'Expiration time'. */
  readonly expirationTime: string;
}

/** The keys of a locale file the preview reads. */
export const PREVIEW_MESSAGE_KEYS = {
  multiplier: 'common.market.multiplier',
  expirationTime: 'market.detail.expirationTime',
} as const;

/** 'Yes ×1.96 · No ×2.04 · Expiration time: Dec 1, 2026, 12:00 PM UTC' (an option without stake: its label alone). */
export function previewDescription(market: MarketPreview, words: PreviewWords): string {
  const options = market.options.map((option, index) => {
    const label = option.label ?? `#${index + 1}`;
    if (option.payoutMultiplier === null) return label;
    const value = formatAmount(option.payoutMultiplier, 2, words.locale);
    return `${label} ${words.multiplier.replace('{value}', value)}`;
  });
  const ends = `${words.expirationTime}: ${formatDateTime(market.expirationTime, words.locale, 'UTC')}`;
  return [...options, ends].join(' · ');
}

/** The page's title and the tags its head gets; every text escaped. */
export function previewHead(
  market: MarketPreview,
  { url, siteName, words }: { readonly url: string; readonly siteName: string; readonly words: PreviewWords },
): { title: string; tags: string[] } {
  const description = previewDescription(market, words);
  const meta = (attribute: 'name' | 'property', key: string, content: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(content)}">`;
  return {
    title: `${market.event} · ${siteName}`,
    tags: [
      meta('name', 'description', description),
      meta('property', 'og:type', 'website'),
      meta('property', 'og:site_name', siteName),
      meta('property', 'og:title', market.event),
      meta('property', 'og:description', description),
      meta('property', 'og:url', url),
      meta('property', 'og:locale', words.locale),
      meta('name', 'twitter:card', 'summary'),
      meta('name', 'twitter:title', market.event),
      meta('name', 'twitter:description', description),
    ],
  };
}

/** The request's languages, most wanted first (`Accept-Language`, q-values honoured, `*` and q=0 dropped). */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter(({ tag, q }) => tag !== '' && tag !== '*' && q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map(({ tag }) => tag);
}

/** What looking a market up gave: found (with what a preview shows), missing (the api says no such market), or unknown. */
export type MarketLookup =
  { readonly status: 'found'; readonly market: MarketPreview } | { readonly status: 'missing' } | { readonly status: 'unknown' };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The api's answer to /api/market/detail, read: only what a preview needs, checked. */
export function lookupOfAnswer(status: number, body: unknown): MarketLookup {
  if (!isRecord(body)) return { status: 'unknown' };
  // errors.ts marketNotFound: HTTP 404, code 40402.
  if (status === 404 && body.code === 40402) return { status: 'missing' };
  if (status !== 200 || body.code !== 0 || !isRecord(body.data) || !isRecord(body.data.market)) return { status: 'unknown' };
  const { event, options, expirationTime } = body.data.market;
  if (typeof event !== 'string' || event.trim() === '' || !Array.isArray(options) || typeof expirationTime !== 'number') {
    // An event the api does not show (metadata not approved): the page, without a preview.
    return { status: 'unknown' };
  }
  const read = options.map((option) =>
    isRecord(option)
      ? {
          label: typeof option.label === 'string' ? option.label : null,
          payoutMultiplier: typeof option.payoutMultiplier === 'string' ? option.payoutMultiplier : null,
        }
      : null,
  );
  if (read.some((option) => option === null)) return { status: 'unknown' };
  return { status: 'found', market: { event, options: read.filter((o) => o !== null), expirationTime } };
}

export interface MarketPreviewsOptions {
  readonly apiOrigin: string;
  readonly fetchImpl?: typeof fetch;
  /** How long a page answer waits for the api (then the page goes without a preview). */
  readonly budgetMs?: number;
  /** How long an answer is reused, so a burst of requests for one market asks the api once. */
  readonly ttlMs?: number;
  /** How long the api request itself may run (it fills the cache for the next request after the budget). */
  readonly requestTimeoutMs?: number;
  readonly maxEntries?: number;
  readonly now?: () => number;
}

/**
 * Looks markets up at the api for link previews, within a time budget, with a small cache: one
 * request per market per few seconds whatever the traffic, and an api that is slow or down costs a
 * page at most the budget.
 */
export function createMarketPreviews({
  apiOrigin,
  fetchImpl = fetch,
  budgetMs = 150,
  ttlMs = 5_000,
  requestTimeoutMs = 3_000,
  maxEntries = 500,
  now = () => Date.now(),
}: MarketPreviewsOptions): { lookup(id: string): Promise<MarketLookup> } {
  const cache = new Map<string, { readonly expires: number; readonly answer: Promise<MarketLookup> }>();

  const ask = async (id: string): Promise<MarketLookup> => {
    try {
      const response = await fetchImpl(`${apiOrigin}/api/market/detail`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ id }),
        signal: AbortSignal.timeout(requestTimeoutMs),
      });
      return lookupOfAnswer(response.status, await response.json().catch(() => null));
    } catch {
      return { status: 'unknown' };
    }
  };

  return {
    lookup(id) {
      const at = now();
      let entry = cache.get(id);
      if (!entry || entry.expires <= at) {
        if (cache.size >= maxEntries) {
          for (const [key, value] of cache) if (value.expires <= at) cache.delete(key);
          // Still full: the oldest go (a Map keeps insertion order).
          for (const key of cache.keys()) {
            if (cache.size < maxEntries) break;
            cache.delete(key);
          }
        }
        cache.delete(id);
        entry = { expires: at + ttlMs, answer: ask(id) };
        cache.set(id, entry);
      }
      let timer: ReturnType<typeof setTimeout> | undefined;
      const budget = new Promise<MarketLookup>((resolve) => {
        timer = setTimeout(() => resolve({ status: 'unknown' }), budgetMs);
      });
      return Promise.race([entry.answer, budget]).finally(() => clearTimeout(timer));
    },
  };
}
