/**
 * The integrity (sha384 SRI) of the release files the page loads, by URL: the loader pins a release
 * before asking the federation runtime for it, and the runtime plugin (its fetch and createScript
 * hooks) hands each pin to the browser, which refuses a file that does not match. The release's
 * entry pins every chunk it loads itself (shared/webpack/chunkIntegrity.cjs). A script under a pinned
 * release's folder that has no pin gets one that matches nothing: a tampered mf-manifest.json cannot
 * send the runtime to an unpinned entry.
 *
 * No imports: the runtime plugin runs before any shared module exists.
 */
export const ENTRY_FILE = 'remoteEntry.js';
export const UNPINNED = 'sha384-unpinned';

const pins = new Map<string, string>();
const folders = new Set<string>();

const withoutQuery = (url: string): string => url.split(/[?#]/)[0] ?? url;
const folderOf = (url: string): string => url.slice(0, url.lastIndexOf('/') + 1);

/** The URL of a release's remote entry, beside its mf-manifest.json. */
export function entryUrlOf(manifestUrl: string): string {
  return new URL(ENTRY_FILE, manifestUrl).href;
}

export function pinRelease(manifestUrl: string, integrity: { readonly manifest: string; readonly entry: string }): void {
  pins.set(manifestUrl, integrity.manifest);
  pins.set(entryUrlOf(manifestUrl), integrity.entry);
  folders.add(folderOf(manifestUrl));
}

/** The integrity a file must have, UNPINNED for an unknown file of a pinned release, else null. */
export function integrityFor(url: string): string | null {
  const bare = withoutQuery(url);
  const pin = pins.get(bare);
  if (pin !== undefined) return pin;
  return folders.has(folderOf(bare)) ? UNPINNED : null;
}

/** Forgets every pin (tests). */
export function clearPins(): void {
  pins.clear();
  folders.clear();
}
