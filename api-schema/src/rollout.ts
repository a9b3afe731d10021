import { Type, type Static } from "@sinclair/typebox";
import { PagedList, Paging, StringEnum, type Answer } from "./common";

/**
 * What a page tells the api about the remotes it loaded (issue 18, staged rollouts): one item per
 * remote per page load — `loaded`, or the failure that made it give that version up — so
 * `pnpm rollout status` can show each version's share of loads and its failure rate, and
 * `pnpm rollout guard` can roll a failing canary back. Every request names the page load (`load`, an
 * id the page minted when it chose its versions): the api counts a load once per remote and version
 * however often its reports arrive, and only remotes and versions its rollout manifest names (issue 24).
 */
export const ROLLOUT_REPORT_KINDS = [
  "loaded",
  "missing",
  "timeout",
  "integrity",
  "shared",
  "incompatible",
  "expose",
  "render",
  "ssr",
] as const;
export type RolloutReportKind = (typeof ROLLOUT_REPORT_KINDS)[number];

const ReportKind = StringEnum(ROLLOUT_REPORT_KINDS, {
  description:
    "loaded: the version rendered; missing: its manifest, entry or a chunk answered 404 or could not be reached; " +
    "timeout: past the chunk-load time-out; integrity: a file did not match its sha384; shared: built for another " +
    "@prds/shared major than the page's; incompatible: the remote needs another host or @prds/shared version; " +
    "expose: its entry loaded but ./App failed; render: ./App threw while rendering; " +
    "ssr: the server could not render the page with it (no server container, threw, or past its time budget) and the page rendered it itself",
});
/** A container name, as the host's remotes use them (mfe_market …). */
const RemoteName = Type.String({ pattern: "^[a-z][a-z0-9_]{0,39}$", description: "The remote's container name" });
/** A release version, as `pnpm release` names them (`<package version>+<build id>`). */
const ReleaseVersion = Type.String({ pattern: "^[0-9A-Za-z][0-9A-Za-z.+_-]{0,63}$", description: "A release version" });

export const RolloutReportItem = Type.Object({ remote: RemoteName, version: ReleaseVersion, kind: ReportKind });
/** 128 random bits as 32 lowercase hex digits, minted by the page once per page load. */
export const ROLLOUT_LOAD_ID_PATTERN = "^[0-9a-f]{32}$";
export const RolloutReportBody = Type.Object({
  load: Type.String({
    pattern: ROLLOUT_LOAD_ID_PATTERN,
    description: "The page load's id (32 hex digits), minted when the page chose its versions; a load counts once",
  }),
  reports: Type.Array(RolloutReportItem, { minItems: 1, maxItems: 20, description: "At most 20 per request" }),
});
export type RolloutReportBodyInput = Static<typeof RolloutReportBody>;
export const RolloutReportData = Type.Object({
  counted: Type.Integer({ minimum: 0, description: "Reports that added to a version's figures" }),
  ignored: Type.Integer({
    minimum: 0,
    description:
      "Reports not counted: a remote or version the rollout manifest does not name, a load already counted, " +
      "or a client past its share of a version's loads",
  }),
});

export const RolloutStatsBody = Type.Object({
  remote: Type.Optional(RemoteName),
  version: Type.Optional(ReleaseVersion),
  days: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 30, default: 30, description: "How many UTC days back to count (today included)" }),
  ),
  ...Paging,
});
export const RolloutStatsRow = Type.Object({
  remote: Type.String(),
  version: Type.String(),
  kind: ReportKind,
  count: Type.Integer({ minimum: 0, description: "Page loads, each counted once" }),
  visitors: Type.Integer({
    minimum: 0,
    description: "Distinct visitors those loads came from: client addresses (IPv4, IPv6 /64) as the api sees them",
  }),
  firstAt: Type.Integer({ minimum: 0, description: "Unix seconds (wall clock) of the first report counted" }),
  lastAt: Type.Integer({ minimum: 0, description: "Unix seconds (wall clock) of the latest report counted" }),
});
export const RolloutStatsData = PagedList(RolloutStatsRow);
export type RolloutStatsRow = Answer<typeof RolloutStatsRow>;
