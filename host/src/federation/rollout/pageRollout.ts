import type { ChosenRelease } from './pageRolloutBlock';
import type { RolloutManifest } from './rolloutManifest';
import { planVersions, type PageVersions } from './selectVersion';
import type { RolloutCookie } from './visitorCookie';

/** What the server knows of its visitor: the rollout cookie, and a cohort named in the URL. */
export interface ServerVisitor extends RolloutCookie {
  readonly installId: string;
}

/**
 * The release of each remote a visitor gets before any failure — the first of `planVersions`' list,
 * as the page's loader tries it — for a visitor seen by the server (no QA override, no version known
 * to have failed in this browser). The web server (scripts/site/pageAnswer.ts) hints it and puts it
 * into the page beside the manifest (pageRolloutBlock.ts).
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
