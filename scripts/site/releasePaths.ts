// Which file of a releases folder a request reaches (scripts/serve.mjs serves the folder under
// /releases/ as a CDN would). @fastify/static hands @fastify/send the path after the prefix once
// decoded (decodeURI), and send decodes it again and normalizes it, so `/releases//rollout.json`,
// `/releases/./rollout.json`, `/releases/x/../rollout.json` and `/releases/%2572ollout.json` all open
// the rollout manifest. These functions repeat send's steps, so the server can route every one of
// those to the validated manifest and serve nothing else from the folder but published releases.
import path from 'node:path';

/** The prefix the releases folder is served under. */
export const RELEASES_PREFIX = '/releases/';

/** A `..` segment left after normalizing: @fastify/send refuses the path (403). */
const UP_PATH = /(?:^|[\\/])\.\.(?:[\\/]|$)/;

/**
 * The path, relative to the served folder, that @fastify/send opens for `pathname` as
 * @fastify/static hands it over (decoded once, with a leading slash): `rollout.json`,
 * `mfe_claim/0.1.0+a/remoteEntry.js`. Null where send refuses the path (a bad escape, a NUL byte,
 * a `..` that would leave the folder).
 */
export function sendRelativePath(pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  // send: path.normalize('.' + sep + path), on POSIX.
  const relative = path.posix.normalize(`./${decoded}`);
  return UP_PATH.test(relative) ? null : relative;
}

/**
 * The file under the releases folder that a raw request URL (path and query, as sent) reaches, as
 * sendRelativePath returns it; null when the URL is not under /releases/ or cannot reach a file.
 */
export function releaseFileOf(rawUrl: string): string | null {
  const queryAt = rawUrl.indexOf('?');
  const pathname = queryAt === -1 ? rawUrl : rawUrl.slice(0, queryAt);
  if (!pathname.startsWith(RELEASES_PREFIX)) return null;
  try {
    return sendRelativePath(decodeURI(pathname.slice(RELEASES_PREFIX.length - 1)));
  } catch {
    return null;
  }
}

/** What `pnpm rollout` leaves beside the manifest while it writes: its lock and temporary files. */
const WORK_FILE = /\.(lock|tmp)$/;

/**
 * True for a file of a published release, `<container>/<version>/<file>`: the only files served
 * from the folder as they are on disk. Never the rollout manifest (the validated route answers it),
 * a lock or temporary file, a dot-folder such as `.staging/`, or a folder.
 */
export function isReleaseAsset(relativePath: string | null): boolean {
  if (relativePath === null) return false;
  const parts = relativePath.split('/');
  return (
    parts.length >= 3 &&
    parts.every((part) => part !== '' && !part.startsWith('.')) &&
    !WORK_FILE.test(parts[parts.length - 1] ?? '')
  );
}
