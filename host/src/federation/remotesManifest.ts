import { isRemoteName, type RemoteName } from '@prds/shared';

/** `/remotes.json`: container name → URL of that remote's mf-manifest.json. */
export type RemotesManifest = Partial<Record<RemoteName, string>>;

export type ManifestParseResult =
  | { readonly ok: true; readonly manifest: RemotesManifest; readonly ignored: readonly string[] }
  | { readonly ok: false; readonly reason: string };

function isHttpUrl(value: string, base: string): boolean {
  try {
    const url = new URL(value, base);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * Validates the remotes manifest. Unknown names are ignored (reported in `ignored`) so an older host
 * keeps working beside a newer manifest; a known name with a bad URL fails the whole file, because a
 * half-trusted manifest is worse than a clear error.
 */
export function parseRemotesManifest(raw: unknown, base = 'http://localhost/'): ManifestParseResult {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { ok: false, reason: 'remotes.json must be a JSON object of remote name to manifest URL' };
  }
  const manifest: RemotesManifest = {};
  const ignored: string[] = [];
  for (const [name, value] of Object.entries(raw)) {
    if (!isRemoteName(name)) {
      ignored.push(name);
      continue;
    }
    if (typeof value !== 'string' || !isHttpUrl(value, base)) {
      return { ok: false, reason: `remote "${name}" needs an http(s) URL of its mf-manifest.json` };
    }
    manifest[name] = new URL(value, base).href;
  }
  return { ok: true, manifest, ignored };
}
