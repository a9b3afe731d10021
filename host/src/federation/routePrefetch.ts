/**
 * A remote's route prefetch: a small module a remote may expose beside `./App` whose default export
 * the shell calls with the page's location as soon as it knows which remote owns the route (at
 * boot, before the first render). The remote starts what that route needs first — its page chunk,
 * its first api request into the page's one data cache — so they run beside the remote's `./App`
 * instead of after it has rendered. The shell knows nothing of what a remote does with it; a remote
 * (or an older release of one) without it is loaded as before.
 *
 * No imports: the federation runtime plugin uses this before any shared module exists.
 */
export const ROUTE_PREFETCH_EXPOSE = './prefetch';

export interface RouteLocation {
  readonly pathname: string;
  readonly search: string;
}

export type RoutePrefetch = (route: RouteLocation) => void;

/** What the runtime plugin answers for a remote that has no route prefetch (or failed to give it). */
export const NO_ROUTE_PREFETCH = Object.freeze({ prdsNoRoutePrefetch: true as const });

/** True for a runtime request of a remote's route prefetch (`mfe_market/prefetch`). */
export function isRoutePrefetchRequest(id: string, expose: string | undefined): boolean {
  return expose === ROUTE_PREFETCH_EXPOSE || id.endsWith(`/${ROUTE_PREFETCH_EXPOSE.slice(2)}`);
}

/** The prefetch function of a loaded module, or null when it has none. */
export function routePrefetchOf(module: unknown): RoutePrefetch | null {
  if (typeof module !== 'object' || module === null || !('default' in module)) return null;
  const candidate: unknown = module.default;
  return typeof candidate === 'function' ? (route: RouteLocation) => void candidate(route) : null;
}

/**
 * The prefetch as the server render calls it (host/src/server/renderPage.tsx): with the request's own
 * api client and data cache, awaited, so the render has the route's data. Null when it has none.
 */
export type ServerRoutePrefetch = (
  route: RouteLocation,
  tools: { readonly client: unknown; readonly cache: unknown },
) => Promise<void>;

export function serverRoutePrefetchOf(module: unknown): ServerRoutePrefetch | null {
  if (typeof module !== 'object' || module === null || !('default' in module)) return null;
  const candidate: unknown = module.default;
  return typeof candidate === 'function'
    ? async (route, tools) => {
        await (candidate as (route: RouteLocation, tools: unknown) => unknown)(route, tools);
      }
    : null;
}
