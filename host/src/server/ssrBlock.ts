import type { DehydratedState } from '@prds/shared/query';

/**
 * The server render's JSON block in the page (`<script type="application/json" id="prds-ssr">`,
 * never executed: the CSP runs no inline script): the language, theme and remote release the HTML
 * in #root was rendered with and the data it used, which the page seeds its data cache with before
 * it hydrates, so hydration asks the api nothing again. When the server could not render the route
 * (no server container, a throw, past its time budget), the block says which release failed instead,
 * and the page renders it itself and reports it (kind `ssr`).
 *
 * Type imports only: the server and the page's bootstrap both read it.
 */
export const SSR_BLOCK_ID = 'prds-ssr';

export type SsrStage = 'container' | 'data' | 'render' | 'aborted';

export interface SsrRendered {
  readonly rendered: true;
  readonly lang: string;
  readonly theme: 'day' | 'night';
  /** The layout the HTML was rendered for; the page hydrates with it, then follows the window's width. */
  readonly device: 'mobile' | 'tablet' | 'desktop';
  /** How the server writes dates and numbers in `lang` (@prds/shared formatProbe): the page hydrates only if it writes them alike. */
  readonly intlProbe: string;
  /** The remote and release that rendered the route's content, or null (a shell route). */
  readonly remote: { readonly name: string; readonly version: string } | null;
  readonly queries: DehydratedState;
}

export interface SsrFailed {
  readonly rendered: false;
  /** The release the server could not render with, or null (the shell's own route failed). */
  readonly remote: { readonly name: string; readonly version: string } | null;
  readonly stage: SsrStage;
}

export type SsrState = SsrRendered | SsrFailed;

/** The block's text: `<`, `>`, `&` and the line separators escaped, so no text in it can end the element. */
export function ssrStateJson(state: SsrState): string {
  return JSON.stringify(state).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The block the server put in `doc`, parsed as data; null when there is none or it does not read. */
export function readSsrState(doc: Pick<Document, 'getElementById'>): SsrState | null {
  const element = doc.getElementById(SSR_BLOCK_ID);
  if (!element || element.getAttribute('type') !== 'application/json') return null;
  try {
    const value = JSON.parse(element.textContent ?? '') as { [K in keyof SsrRendered]?: unknown } | null;
    if (typeof value !== 'object' || value === null || typeof value.rendered !== 'boolean') return null;
    if (!value.rendered) return value as unknown as SsrFailed;
    if (typeof value.lang !== 'string' || (value.theme !== 'day' && value.theme !== 'night')) return null;
    if (value.device !== 'mobile' && value.device !== 'tablet' && value.device !== 'desktop') return null;
    if (typeof value.intlProbe !== 'string') return null;
    if (typeof value.queries !== 'object' || value.queries === null) return null;
    return value as unknown as SsrRendered;
  } catch {
    return null;
  }
}
