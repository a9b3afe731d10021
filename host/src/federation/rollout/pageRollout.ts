import type { RolloutManifest } from './rolloutManifest';
import { planVersions, type ChoiceReason, type PageVersions } from './selectVersion';
import type { RolloutCookie } from './visitorCookie';

/**
 * The rollout as the web server put it into the page (scripts/serve.mjs): the manifest it read, and
 * the release it chose for each remote for this visitor, in a non-executed JSON block
 * (`<script type="application/json" id="prds-rollout">`), so the page does not wait for
 * /remotes.json. The page reads the block as data (JSON.parse, never evaluated) and picks its
 * releases itself with the same code (`chooseReleases`); the server's choice is what it hinted
 * (Early Hints, preloads) and what a test compares the page's choice with.
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

/** What the server knows of its visitor: the rollout cookie, and a cohort named in the URL. */
export interface ServerVisitor extends RolloutCookie {
  readonly installId: string;
}

/**
 * The release of each remote a visitor gets before any failure — the first of `planVersions`' list,
 * as the page's loader tries it — for a visitor seen by the server (no QA override, no version known
 * to have failed in this browser).
 */
export function chooseReleases(
  manifest: RolloutManifest,
  visitor: ServerVisitor,
  page: PageVersions,
): Record<string, ChosenRelease> {
  const chosen: Record<string, ChosenRelease> = {};
  for (const [remote, rollout] of Object.entries(manifest.remotes)) {
    if (!rollout) continue;
    const plan = planVersions(rollout, manifest.salt, { ...visitor, override: null, isBad: () => false }, page);
    const first = plan.candidates[0];
    if (!first) continue;
    chosen[remote] = {
      version: first.version,
      reason: first.reason,
      bucket: plan.bucket,
      url: first.record.url,
      integrity: first.record.integrity,
    };
  }
  return chosen;
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
