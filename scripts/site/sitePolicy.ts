// The site's security headers (scripts/serve.mjs sends them with every answer of every app; `pnpm
// rollout csp` prints the same policy for a deployment's own site), and the check that a page has no
// inline script the policy would block.

export interface PolicyOrigins {
  readonly apiOrigin: string;
  readonly rpcOrigins: readonly string[];
  readonly remoteOrigins?: readonly string[];
  readonly relayOrigins?: readonly string[];
  readonly dev?: boolean;
}

/**
 * True when a page has an inline <script> that would run (the CSP allows none: it would not). A
 * data block (`type="application/json"`, as the server puts the rollout into pages) is not script:
 * the browser never runs it, and the CSP does not apply to it.
 */
export function hasInlineScript(html: string): boolean {
  return [...html.matchAll(/<script(?![^>]*\ssrc=)([^>]*)>([\s\S]*?)<\/script>/gi)].some(
    (m) => !/\stype\s*=\s*(["']?)application\/json\1(?=[\s>]|$)/i.test(m[1] ?? '') && (m[2] ?? '').trim() !== '',
  );
}

/**
 * The site's Content-Security-Policy, one directive list for every app. Scripts: exactly the host's
 * origin ('self') and the origins the rollout manifest loads remotes from — no inline script, no
 * eval (the host page has no inline script; the federation runtime needs no eval for releases with
 * a plain publicPath).
 */
export function sitePolicy({ apiOrigin, rpcOrigins, remoteOrigins = [], relayOrigins = [], dev = false }: PolicyOrigins): string {
  // --dev: remotes from dev servers on this machine (any port), their hot updates' sockets, eval source maps.
  const devScripts = dev ? ['http://127.0.0.1:*', 'http://localhost:*', "'unsafe-eval'"] : [];
  const devConnects = dev ? ['http://127.0.0.1:*', 'http://localhost:*', 'ws://127.0.0.1:*', 'ws://localhost:*'] : [];
  const scriptSources = ["'self'", ...remoteOrigins, ...devScripts];
  const directives: Record<string, readonly string[]> = {
    'default-src': ["'self'"],
    'script-src': scriptSources,
    // emotion writes <style> elements at run time.
    'style-src': ["'self'", "'unsafe-inline'"],
    // data: for the inline favicon; evidence images come from the api.
    'img-src': ["'self'", 'data:', 'blob:', apiOrigin],
    'font-src': ["'self'", 'data:'],
    // The runtime fetches each release's mf-manifest.json; the page calls the api and the chain, and
    // WalletConnect's relay where the build offers it.
    'connect-src': ["'self'", apiOrigin, ...rpcOrigins, ...remoteOrigins, ...relayOrigins, ...devConnects],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${[...new Set(sources)].join(' ')}`)
    .join('; ');
}

/** Sent with every answer of every app. */
export function securityHeaders(policy: string): Record<string, string> {
  return {
    'content-security-policy': policy,
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
  };
}
