import type { ChoiceReason } from './selectVersion';

/**
 * The rollout as the web server put it into the page (scripts/serve.mjs): the manifest it read, and
 * the release it chose for each remote for this visitor, in a non-executed JSON block
 * (`<script type="application/json" id="prds-rollout">`), so the page does not wait for
 * /remotes.json. The page reads the block as data (JSON.parse, never evaluated) and picks its
 * releases itself with the same code (`chooseReleases` in pageRollout.ts); the server's choice is what it hinted
 * (Early Hints, preloads) and what a test compares the page's choice with.
 *
 * Type imports only: the host's entry chunk reads the block before any shared module exists.
 */
export const PAGE_ROLLOUT_ID = 'prds-rollout';

/** The release chosen for one remote: the first the page will try. */
export interface ChosenRelease {
  readonly version: string;
  readonly reason: ChoiceReason;
  readonly bucket: number;
  /** The release's mf-manifest.json (absolute) and its pins. */
  readonly url: string;
  readonly integrity: { readonly manifest: string; readonly entry: string } | null;
}

export interface PageRollout {
  /** The rollout manifest exactly as /remotes.json answers it (validated again by the page). */
  readonly manifest: unknown;
  /** The server's choice per remote (absent: nothing the page could load). */
  readonly releases: Readonly<Record<string, ChosenRelease>>;
}

/** The block's text: JSON with `<`, `>`, `&` and the line separators escaped, so no text can end the element. */
export function pageRolloutJson(rollout: PageRollout): string {
  return JSON.stringify(rollout).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The block the server put in `doc`, parsed as data; null when there is none or it does not read. */
export function readPageRollout(doc: Pick<Document, 'getElementById'>): PageRollout | null {
  const element = doc.getElementById(PAGE_ROLLOUT_ID);
  if (!element || element.getAttribute('type') !== 'application/json') return null;
  try {
    const value: unknown = JSON.parse(element.textContent ?? '');
    if (typeof value !== 'object' || value === null || !('manifest' in value)) return null;
    const releases = 'releases' in value && typeof value.releases === 'object' && value.releases !== null ? value.releases : {};
    return { manifest: value.manifest, releases: releases as Record<string, ChosenRelease> };
  } catch {
    return null;
  }
}
