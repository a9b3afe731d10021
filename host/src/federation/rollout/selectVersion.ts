import { bucketOf } from './bucket';
import type { ReleaseRecord, RemoteRollout } from './rolloutManifest';
import { sameMajor, satisfies } from './semver';

/** What the page knows about its visitor when it picks a remote's version. */
export interface Visitor {
  /** Random id of this browser profile, kept in storage. */
  readonly installId: string;
  /** The wallet address (lowercase) last connected in this browser, if any: it keys the bucket. */
  readonly account: string | null;
  /** Named cohorts this browser joined (e.g. 'internal'). */
  readonly cohorts: readonly string[];
  /** A QA override for this remote (honoured outside production only; the caller decides). */
  readonly override: string | null;
  /** Versions that failed for this visitor recently. */
  readonly isBad: (version: string) => boolean;
}

/** The versions of what is already in the page: the host build and its @prds/shared. */
export interface PageVersions {
  readonly host: string;
  readonly shared: string;
}

export type ChoiceReason = 'override' | 'cohort' | 'canary' | 'stable' | 'fallback';

export interface Candidate {
  readonly version: string;
  readonly reason: ChoiceReason;
  readonly record: ReleaseRecord;
  /** Failed for this visitor recently: tried only when nothing better is left. */
  readonly bad: boolean;
}

export interface VersionPlan {
  /** The visitor's bucket for this manifest's salt, 0–99. */
  readonly bucket: number;
  /** The version the visitor gets before any failure, and why. */
  readonly chosen: { readonly version: string; readonly reason: ChoiceReason };
  /** What to try, in order: the visitor's version, then stable, then the last good ones. */
  readonly candidates: readonly Candidate[];
  /** Versions left out because they were built for another @prds/shared major than the page's. */
  readonly refused: readonly { readonly version: string; readonly kind: 'shared' }[];
  /** Set when the remote needs another host or @prds/shared than this page's (nothing to try). */
  readonly incompatible: 'host' | 'shared' | null;
}

/** The version a visitor gets before any failure, and why. */
export function chooseVersion(
  rollout: RemoteRollout,
  salt: string,
  visitor: Visitor,
): { readonly version: string; readonly reason: ChoiceReason; readonly bucket: number } {
  const bucket = bucketOf(visitor.account ?? visitor.installId, salt);
  if (visitor.override !== null && visitor.override in rollout.versions) {
    return { version: visitor.override, reason: 'override', bucket };
  }
  const canary = rollout.canary;
  if (canary) {
    const inCohort =
      (visitor.account !== null && canary.cohorts.includes(visitor.account)) ||
      visitor.cohorts.some((cohort) => canary.cohorts.includes(cohort));
    if (inCohort) return { version: canary.version, reason: 'cohort', bucket };
    if (bucket < canary.percent) return { version: canary.version, reason: 'canary', bucket };
  }
  return { version: rollout.stable, reason: 'stable', bucket };
}

/**
 * The order in which the page tries a remote's versions for this visitor. One plan per remote per
 * page: the loader walks it on failures and never goes back, so a page never holds two versions of a
 * remote at once.
 */
export function planVersions(rollout: RemoteRollout, salt: string, visitor: Visitor, page: PageVersions): VersionPlan {
  const { bucket, ...chosen } = chooseVersion(rollout, salt, visitor);
  if (!satisfies(page.host, rollout.requires.host)) {
    return { bucket, chosen, candidates: [], refused: [], incompatible: 'host' };
  }
  if (!satisfies(page.shared, rollout.requires.shared)) {
    return { bucket, chosen, candidates: [], refused: [], incompatible: 'shared' };
  }
  const order = [...new Set([chosen.version, rollout.stable, ...rollout.lastGood])];
  const good: Candidate[] = [];
  const bad: Candidate[] = [];
  const refused: { version: string; kind: 'shared' }[] = [];
  for (const version of order) {
    const record = rollout.versions[version];
    if (!record) continue;
    if (record.shared !== null && !sameMajor(page.shared, record.shared)) {
      refused.push({ version, kind: 'shared' });
      continue;
    }
    const candidate: Candidate = {
      version,
      reason: version === chosen.version ? chosen.reason : 'fallback',
      record,
      bad: visitor.isBad(version),
    };
    (candidate.bad ? bad : good).push(candidate);
  }
  return { bucket, chosen, candidates: [...good, ...bad], refused, incompatible: null };
}
