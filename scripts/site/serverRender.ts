// The web server's side of the first screen from the server (issue 26): which server container
// renders a chosen release, the visitor's language, theme and layout as the request tells them, the
// render cache, and the page document with the render in it. The render itself is the host's own
// (host/dist/server/render.js, from host/src/server/renderPage.tsx); scripts/serve.mjs does the I/O.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { ChosenRelease } from '../../host/src/federation/rollout/pageRolloutBlock';
import { cookieOf, LANG_COOKIE, serverTheme } from '../../host/src/server/preferenceCookies';
import { SSR_BLOCK_ID, ssrStateJson, type SsrState } from '../../host/src/server/ssrBlock';
import { isLangCode, languageDir, resolveInitialLang, type LangCode } from '../../shared/src/i18n/languages';
import { acceptedLanguages } from './marketPreview';
import { escapeHtml, jsonBlock } from './pageDocument';
import { RELEASES_PREFIX } from './releasePaths';

/** A server container's entry in a build or release folder. */
export const SERVER_ENTRY = 'server/remoteEntry.js';

export type Device = 'mobile' | 'tablet' | 'desktop';

/** What the server renders a page in, from the request alone. */
export interface Visitor {
  readonly lang: LangCode;
  readonly theme: 'day' | 'night';
  readonly device: Device;
}

export interface VisitorHeaders {
  readonly cookie?: string | undefined;
  readonly 'accept-language'?: string | undefined;
  readonly 'sec-ch-prefers-color-scheme'?: string | undefined;
  readonly 'sec-ch-ua-mobile'?: string | undefined;
  readonly 'user-agent'?: string | undefined;
}

/**
 * The language (the page's cookie, else Accept-Language as the page would read the browser's),
 * theme (cookie, else the color-scheme hint, else day) and layout (a phone's user agent or the
 * mobile hint: mobile; a tablet's: tablet; else desktop) of the server render.
 */
export function visitorOf(headers: VisitorHeaders): Visitor {
  const cookieLang = cookieOf(headers.cookie, LANG_COOKIE);
  const lang = isLangCode(cookieLang) ? cookieLang : resolveInitialLang(null, acceptedLanguages(headers['accept-language']));
  const agent = headers['user-agent'] ?? '';
  const device: Device =
    headers['sec-ch-ua-mobile'] === '?1' || /\b(?:iPhone|iPod|Mobile|Android.+Mobile|Windows Phone)\b/i.test(agent)
      ? 'mobile'
      : /\b(?:iPad|Tablet|Android)\b/i.test(agent)
        ? 'tablet'
        : 'desktop';
  return { lang, theme: serverTheme(headers.cookie, headers['sec-ch-prefers-color-scheme']), device };
}

/** Where the server finds each release's server container: the local builds, or a releases folder. */
export interface ServerEntrySource {
  /** The site's own origin (a releases folder's URLs are relative to it, or on it). */
  readonly pageOrigin: string;
  /** A releases folder (`pnpm release`), or null. */
  readonly releasesDir: string | null;
  /** A local build's manifest origin (`http://127.0.0.1:3001`) → that remote's dist/ folder. */
  readonly localDists: Readonly<Record<string, string>>;
}

/**
 * The file of a chosen release's server container, or null when there is none this server can
 * run: a release published without one (an older `pnpm release`), one on another origin (a CDN the
 * server does not read), or one whose file does not match the sha384 its release.json pinned.
 */
export function serverEntryFile(
  remote: string,
  release: Pick<ChosenRelease, 'version' | 'url'>,
  source: ServerEntrySource,
  verify = verifyPinned,
): string | null {
  let url: URL;
  try {
    url = new URL(release.url, source.pageOrigin);
  } catch {
    return null;
  }
  const local = source.localDists[url.origin];
  if (local !== undefined && url.pathname === '/mf-manifest.json') {
    const file = path.join(local, SERVER_ENTRY);
    return fs.existsSync(file) ? file : null;
  }
  if (source.releasesDir === null || url.origin !== new URL(source.pageOrigin).origin) return null;
  // A URL keeps a version's '+' as it is (`pnpm rollout` writes `/releases/mfe_claim/0.3.0+b2/…`), and
  // another tool may write it as %2B: the path is compared decoded, and names a folder only when both
  // parts are plain names (never `..` or a path).
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.pathname);
  } catch {
    return null;
  }
  if (!RELEASE_SEGMENT.test(remote) || !RELEASE_SEGMENT.test(release.version)) return null;
  if (pathname !== `${RELEASES_PREFIX}${remote}/${release.version}/mf-manifest.json`) return null;
  const folder = path.join(source.releasesDir, remote, release.version);
  return verify(folder) ? path.join(folder, SERVER_ENTRY) : null;
}

/** A container name or a release version as a folder name: letters, digits, `.`, `_`, `+`, `-`, and not `.` or `..`. */
const RELEASE_SEGMENT = /^(?!\.\.?$)[0-9A-Za-z._+-]{1,128}$/;

const verified = new Map<string, boolean>();

/**
 * True when `folder` (a published release) has a server container whose every file matches the
 * sha384 its release.json recorded (`pnpm release` pins `server/…` beside the browser's files).
 * Checked once per folder: published releases never change.
 */
export function verifyPinned(folder: string): boolean {
  const known = verified.get(folder);
  if (known !== undefined) return known;
  let ok = false;
  try {
    const info = JSON.parse(fs.readFileSync(path.join(folder, 'release.json'), 'utf8')) as { integrity?: Record<string, string> };
    const pins = Object.entries(info.integrity ?? {}).filter(([file]) => file.startsWith('server/'));
    ok =
      pins.some(([file]) => file === SERVER_ENTRY) &&
      pins.every(
        ([file, pin]) =>
          `sha384-${createHash('sha384')
            .update(fs.readFileSync(path.join(folder, file)))
            .digest('base64')}` === pin,
      );
  } catch {
    ok = false;
  }
  verified.set(folder, ok);
  return ok;
}

/**
 * Server renders kept for a short time, keyed by everything the HTML depends on but the data: the
 * release that rendered it, the route (path and query), language, theme and layout. The data is
 * bounded by time instead: an entry is served for `freshMs` after its render asked the api, so a
 * page's data is at most that much older than the api's (README 'Production'); after that the next
 * request renders again. At most `max` entries, the oldest dropped first.
 */
export class RenderCache<T> {
  private readonly entries = new Map<string, { readonly at: number; readonly value: T }>();

  constructor(
    private readonly freshMs: number,
    private readonly max: number,
    private readonly now: () => number = Date.now,
  ) {}

  static key(parts: { readonly release: string | null; readonly url: string; readonly visitor: Visitor }): string {
    const { release, url, visitor } = parts;
    return JSON.stringify([release ?? '', url, visitor.lang, visitor.theme, visitor.device]);
  }

  get(key: string): T | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (this.now() - entry.at >= this.freshMs) {
      this.entries.delete(key);
      return null;
    }
    return entry.value;
  }

  set(key: string, value: T): void {
    this.entries.delete(key);
    this.entries.set(key, { at: this.now(), value });
    while (this.entries.size > this.max) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  get size(): number {
    return this.entries.size;
  }
}

/**
 * The page with the server's render: #root holds `rootHtml` (when the render succeeded), `<html>`
 * carries the language, direction, theme and layout it was rendered in, and the head the `prds-ssr`
 * block (the render's state, or which release failed). Throws when the document has no empty
 * `<div id="root"></div>` or no `<html>`: the host build is not what the server expects.
 */
export function withServerRender(
  html: string,
  render: {
    readonly state: SsrState;
    readonly rootHtml: string;
    readonly visitor: Visitor;
    /** The state's block text, when the caller keeps it (a cached render is not serialized again). */
    readonly stateJson?: string;
  },
): string {
  // The build's index.html is minified (`<div id=root></div>`).
  const root = /<div id=(?:"root"|'root'|root)\s*><\/div>/i;
  if (!root.test(html)) throw new Error('the page has no empty <div id="root"></div>');
  const open = /<html\b[^>]*>/i;
  if (!open.test(html)) throw new Error('the page has no <html>');
  const { lang, theme, device } = render.visitor;
  const rendered = render.state.rendered;
  const shownLang = rendered ? render.state.lang : lang;
  const attributes = `<html lang="${escapeHtml(shownLang)}" dir="${languageDir(isLangCode(shownLang) ? shownLang : 'en')}"${
    rendered ? ` data-theme="${theme}" data-device="${device}"` : ''
  }>`;
  const block = jsonBlock(SSR_BLOCK_ID, render.stateJson ?? ssrStateJson(render.state));
  return html
    .replace(open, () => attributes)
    .replace(/<\/head>/i, () => `${block}</head>`)
    .replace(root, () => `<div id="root">${rendered ? render.rootHtml : ''}</div>`);
}
