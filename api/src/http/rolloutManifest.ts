import { readFile } from "node:fs/promises";

/**
 * The releases the api counts rollout reports for (issue 24): the remotes and versions the rollout
 * manifest names — `releases/rollout.json`, which the site serves at /remotes.json and `pnpm rollout`
 * writes. Anything else a page (or anyone) reports is not counted, so invented remotes and versions
 * can neither grow the tables nor move `pnpm rollout guard`.
 *
 * The source is a file path or an http(s) URL (PRDS_ROLLOUT_MANIFEST). It is read again at most once
 * a second when asked, so a canary started with `pnpm rollout canary` is counted from its first
 * loads; a manifest that cannot be read or does not look like one keeps the last good one (none at
 * first: then nothing is counted), and says why once.
 */
export interface KnownReleases {
  has(remote: string, version: string): boolean;
}

export interface ManifestSource {
  /** The releases the manifest names now (read again when older than `maxAgeMs`); null while there is none. */
  current(): Promise<KnownReleases | null>;
  readonly source: string | null;
}

const REMOTE = /^[a-z][a-z0-9_]{0,39}$/;
const VERSION = /^[0-9A-Za-z][0-9A-Za-z.+_-]{0,63}$/;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The remote → versions table of a rollout manifest. Only the part the api needs is checked (the
 * page, the static server and the CLI validate the whole file with the host's validator); a file that
 * is not a schemaVersion 1 manifest is refused with a reason.
 */
export function knownReleasesOf(raw: unknown): { ok: true; releases: KnownReleases } | { ok: false; reason: string } {
  if (!isRecord(raw) || raw.schemaVersion !== 1) return { ok: false, reason: "not a schemaVersion 1 rollout manifest" };
  if (!isRecord(raw.remotes)) return { ok: false, reason: "remotes is not an object" };
  const table = new Map<string, Set<string>>();
  for (const [remote, rollout] of Object.entries(raw.remotes)) {
    if (!REMOTE.test(remote) || !isRecord(rollout) || !isRecord(rollout.versions)) {
      return { ok: false, reason: `remotes.${remote.slice(0, 40)} has no versions` };
    }
    table.set(remote, new Set(Object.keys(rollout.versions).filter((version) => VERSION.test(version))));
  }
  return { ok: true, releases: { has: (remote, version) => table.get(remote)?.has(version) ?? false } };
}

export interface ManifestSourceOptions {
  log: (line: string) => void;
  maxAgeMs?: number;
  now?: () => number;
}

async function readSource(source: string): Promise<string> {
  if (/^https?:\/\//.test(source)) {
    const response = await fetch(source, { headers: { "cache-control": "no-cache" }, signal: AbortSignal.timeout(3_000) });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return response.text();
  }
  return readFile(source, "utf8");
}

// Not `instanceof Error`: errors thrown by node's fs come from another realm under jest.
const reason = (error: unknown): string =>
  typeof error === "object" && error !== null && "message" in error ? String(error.message) : String(error);

export function createManifestSource(source: string | null, options: ManifestSourceOptions): ManifestSource {
  const maxAgeMs = options.maxAgeMs ?? 1_000;
  const now = options.now ?? (() => Date.now());
  let known: KnownReleases | null = null;
  let readAt = -Infinity;
  let lastText: string | null = null;
  let lastProblem: string | null = null;
  let reading: Promise<KnownReleases | null> | null = null;

  const complain = (problem: string): void => {
    if (problem === lastProblem) return;
    lastProblem = problem;
    options.log(
      `rollout manifest ${source}: ${problem}; ${known ? "the last good one is used" : "no rollout report is counted"}`,
    );
  };

  const read = async (): Promise<KnownReleases | null> => {
    if (source === null) return null;
    let text: string;
    try {
      text = await readSource(source);
    } catch (error) {
      complain(`cannot be read (${reason(error)})`);
      return known;
    }
    if (text === lastText) return known;
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch (error) {
      complain(`not JSON (${reason(error)})`);
      return known;
    }
    const parsed = knownReleasesOf(raw);
    if (!parsed.ok) {
      complain(`refused: ${parsed.reason}`);
      return known;
    }
    lastText = text;
    lastProblem = null;
    known = parsed.releases;
    return known;
  };

  return {
    source,
    current() {
      if (reading) return reading;
      if (now() - readAt < maxAgeMs) return Promise.resolve(known);
      readAt = now();
      reading = read().finally(() => {
        reading = null;
      });
      return reading;
    },
  };
}
