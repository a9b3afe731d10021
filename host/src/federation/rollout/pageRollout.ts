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
 * as the page's loader tries it — for a visitor seen by the server: its cookie's key, cohorts and
 * failed versions (a QA override only the page knows). The web server (scripts/site/pageAnswer.ts) hints it and puts it
 * into the page beside the manifest (pageRolloutBlock.ts).
 */
export function chooseReleases(
  manifest: RolloutManifest,
  visitor: ServerVisitor,
  page: PageVersions,
  /** The server's clock (ms), against which the cookie's failed versions expire. */
  now: number,
): Record<string, ChosenRelease> {
  const chosen: Record<string, ChosenRelease> = {};
  for (const [remote, rollout] of Object.entries(manifest.remotes)) {
    if (!rollout) continue;
    const plan = planVersions(
      rollout,
      manifest.salt,
      {
        ...visitor,
        override: null,
        isBad: (version) => (visitor.bad[`${remote}@${version}`] ?? 0) > now,
      },
      page,
    );
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
