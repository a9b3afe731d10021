// The Link values a page answer carries (as headers, and first in a 103 Early Hints): what the
// browser may start fetching before it has parsed the page. Each preload asks for a file exactly as
// the page later will — same destination, same CORS mode, same integrity — or the browser fetches it
// twice and warns that the preload went unused:
// - the host's scripts and stylesheets, as its index.html loads them;
// - the release of the route's remote that the server chose for this visitor: its mf-manifest.json,
//   which the federation runtime fetch()es (as=fetch, crossorigin: fetch's default CORS mode), and
//   its remoteEntry.js, which the runtime loads as a classic <script> — no crossorigin for a local
//   build; crossorigin and the pin for a pinned release, whose script element carries both
//   (host/src/federation/remoteFallbackPlugin.ts). Measured in Chromium: neither preload is fetched
//   again nor reported unused, for a local build and for a pinned release;
// - connections to the api (the page's calls go without credentials: crossorigin) and to the origins
//   releases come from (a release's first request is its manifest, a CORS fetch).
import { entryUrlOf } from '../../host/src/federation/rollout/releasePins';
import type { HostAsset } from './pageDocument';

/** The release of the route's remote the server chose (host/src/federation/rollout/pageRollout.ts). */
export interface HintedRelease {
  /** Its mf-manifest.json, absolute. */
  readonly url: string;
  readonly integrity: { readonly manifest: string; readonly entry: string } | null;
}

export interface EarlyHintsInput {
  /** What the host page loads first (pageDocument.ts hostAssetsOf). */
  readonly hostAssets: readonly HostAsset[];
  /** The route's remote's release for this visitor, or null (no remote route, nothing to load). */
  readonly release: HintedRelease | null;
  /** The origin the server answers pages on: its own files are named by path. */
  readonly pageOrigin: string;
  readonly apiOrigin: string;
  /** Where the rollout manifest's releases are (rolloutManifest.ts manifestOrigins). */
  readonly releaseOrigins: readonly string[];
}

/** A URL as a Link target: a path on the page's own origin, else absolute (URL-encoded either way). */
function target(url: string, pageOrigin: string): string {
  const parsed = new URL(url, `${pageOrigin}/`);
  return parsed.origin === pageOrigin ? `${parsed.pathname}${parsed.search}` : parsed.href;
}

const quoted = (value: string) => `"${value.replace(/["\\]/g, '')}"`;

/** The Link header values for one page answer, most urgent first. */
export function earlyHintLinks({ hostAssets, release, pageOrigin, apiOrigin, releaseOrigins }: EarlyHintsInput): string[] {
  const links: string[] = [];
  const seen = new Set<string>();
  const add = (value: string) => {
    if (!seen.has(value)) links.push(value);
    seen.add(value);
  };
  for (const asset of hostAssets) {
    add(`<${target(asset.href, pageOrigin)}>; rel=preload; as=${asset.as}${asset.crossorigin ? '; crossorigin' : ''}`);
  }
  if (release) {
    const pin = release.integrity;
    // No integrity on a fetch preload: Chromium ignores it there and warns (crbug.com/981419); the
    // page's fetch checks the pin on what the preload brought.
    add(`<${target(release.url, pageOrigin)}>; rel=preload; as=fetch; crossorigin`);
    add(
      `<${target(entryUrlOf(release.url), pageOrigin)}>; rel=preload; as=script${pin ? `; crossorigin; integrity=${quoted(pin.entry)}` : ''}`,
    );
  }
  for (const origin of [apiOrigin, ...releaseOrigins]) {
    if (origin !== pageOrigin) add(`<${origin}>; rel=preconnect; crossorigin`);
  }
  return links;
}
