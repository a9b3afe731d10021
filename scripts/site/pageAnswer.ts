// The host page as the web server answers it (scripts/serve.mjs): for this visitor — the rollout
// cookie, or an install id minted now — each remote's release chosen with the page's own code and
// put into the page as a JSON block; the Link values that start the host's files and the route's
// release early; and, for a market page, its link-preview tags (or a 404 for a market the api does
// not have). The server does the I/O (files, api); everything here is computed from what it read.
import fs from 'node:fs';
import path from 'node:path';
import { manifestOrigins, type RolloutManifest } from '../../host/src/federation/rollout/rolloutManifest';
import { chooseReleases } from '../../host/src/federation/rollout/pageRollout';
import { PAGE_ROLLOUT_ID, pageRolloutJson, type ChosenRelease } from '../../host/src/federation/rollout/pageRolloutBlock';
import type { PageVersions } from '../../host/src/federation/rollout/selectVersion';
import { readRolloutCookie, rolloutCookieHeader, rolloutCookieValue } from '../../host/src/federation/rollout/visitorCookie';
import { readRolloutQuery } from '../../host/src/federation/rollout/visitorStore';
import { resolveInitialLang } from '../../shared/src/i18n/languages';
import { earlyHintLinks } from './earlyHints';
import { acceptedLanguages, previewHead, PREVIEW_MESSAGE_KEYS, type MarketLookup, type PreviewWords } from './marketPreview';
import { hostAssetsOf, jsonBlock, titleOf, withHead } from './pageDocument';
import { detailIdOf, remoteOfPath } from './pageRoute';

export interface PageRequest {
  readonly pathname: string;
  /** The query string with its '?', or ''. */
  readonly search: string;
  readonly cookieHeader: string | undefined;
  /** The page is served over https (the cookie is then Secure). */
  readonly secure: boolean;
}

export interface PageSite {
  /** The host build's index.html. */
  readonly html: string;
  /** The rollout manifest in force, validated, and as it was read (what /remotes.json answers). */
  readonly manifest: RolloutManifest;
  readonly rawManifest: unknown;
  /** The host build and its @prds/shared (what each release requires). */
  readonly pageVersions: PageVersions;
  /** The origin the manifest's relative URLs are resolved against: the host's own. */
  readonly pageOrigin: string;
  readonly apiOrigin: string;
  readonly mintInstallId: () => string;
  /** The clock (ms) the cookie's failed versions expire against. */
  readonly now: () => number;
}

/** Everything about a page answer known before the api is asked. */
export interface PagePlan {
  readonly setCookie: string;
  readonly releases: Readonly<Record<string, ChosenRelease>>;
  readonly links: readonly string[];
  /** The rollout block for the head. */
  readonly block: string;
  /** The market whose preview the page gets, if it is a market page. */
  readonly marketId: string | null;
}

export function planPage(request: PageRequest, site: PageSite): PagePlan {
  const cookie = readRolloutCookie(request.cookieHeader);
  const account = cookie?.account ?? null;
  // A wallet key needs no install id (it keys the bucket); without any cookie the server mints one
  // now, and the page adopts it (visitorStore.ts), so this first load already agrees.
  const installId = cookie?.installId ?? (account === null ? site.mintInstallId() : '');
  const queryCohort = readRolloutQuery(request.search).cohort;
  const cohorts = [...new Set([...(cookie?.cohorts ?? []), ...(queryCohort === null ? [] : [queryCohort])])];
  const now = site.now();
  // The versions that failed in this browser, while the page still avoids them: not hinted, and
  // sent back so the page's list and the server's stay one.
  const bad = Object.fromEntries(Object.entries(cookie?.bad ?? {}).filter(([, until]) => until > now));
  const releases = chooseReleases(site.manifest, { installId, account, cohorts, bad }, site.pageVersions, now);
  const remote = remoteOfPath(request.pathname);
  const release = remote === null ? null : (releases[remote] ?? null);
  return {
    setCookie: rolloutCookieHeader(rolloutCookieValue(account ?? installId, cohorts, bad), request.secure),
    releases,
    links: earlyHintLinks({
      hostAssets: hostAssetsOf(site.html),
      release,
      pageOrigin: site.pageOrigin,
      apiOrigin: site.apiOrigin,
      releaseOrigins: manifestOrigins(site.manifest),
    }),
    block: jsonBlock(PAGE_ROLLOUT_ID, pageRolloutJson({ manifest: site.rawManifest, releases })),
    marketId: detailIdOf(request.pathname),
  };
}

/**
 * The page: the host's document with the rollout block and, for a market the api knows, its preview
 * tags. A market the api says does not exist is a 404 (the page still renders its not-found view).
 */
export function renderPage(
  site: Pick<PageSite, 'html'>,
  plan: PagePlan,
  preview: { readonly lookup: MarketLookup; readonly url: string; readonly words: PreviewWords } | null,
): { status: number; html: string } {
  if (preview?.lookup.status === 'found') {
    const head = previewHead(preview.lookup.market, {
      url: preview.url,
      siteName: titleOf(site.html) ?? '',
      words: preview.words,
    });
    return { status: 200, html: withHead(site.html, { title: head.title, tags: [plan.block, ...head.tags] }) };
  }
  return { status: preview?.lookup.status === 'missing' ? 404 : 200, html: withHead(site.html, { tags: [plan.block] }) };
}

/** The preview's words in the request's language (its locale file, read once), English when none matches. */
export function previewWordsReader(localesDir: string): (acceptLanguage: string | undefined) => PreviewWords {
  const byLocale = new Map<string, PreviewWords>();
  return (acceptLanguage) => {
    const locale = resolveInitialLang(null, acceptedLanguages(acceptLanguage));
    let words = byLocale.get(locale);
    if (!words) {
      const messages = JSON.parse(fs.readFileSync(path.join(localesDir, `${locale}.json`), 'utf8')) as Record<string, unknown>;
      const text = (key: string) => {
        const value = messages[key];
        if (typeof value !== 'string') throw new Error(`${locale}.json has no ${key}`);
        return value;
      };
      words = {
        locale,
        multiplier: text(PREVIEW_MESSAGE_KEYS.multiplier),
        expirationTime: text(PREVIEW_MESSAGE_KEYS.expirationTime),
      };
      byLocale.set(locale, words);
    }
    return words;
  };
}
