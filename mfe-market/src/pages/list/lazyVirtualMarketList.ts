import { lazy, useEffect, useState } from 'react';

type VirtualMarketListModule = typeof import('./VirtualMarketList');
let loaded: VirtualMarketListModule | null = null;

/**
 * The virtualized rows load in their own chunk (with @tanstack/react-virtual): the list's first
 * render (filters, tabs, skeletons, and the first screen of rows, FirstMarketRows) does not need them,
 * and the page starts loading them as it mounts (the /market first-render budget, e2e/bench/bundle.mjs).
 */
export function loadVirtualMarketList(): Promise<VirtualMarketListModule> {
  return import('./VirtualMarketList').then((module) => {
    loaded = module;
    return module;
  });
}

/**
 * Once the chunk is there (the page or the route prefetch, src/prefetch.ts, asked for it), the rows
 * render in the same pass as the markets: React's lazy takes a thenable that answers at once. An
 * import() promise answers a tick later, so the rows would suspend, show the fallback, and React
 * holds the rows back until 300 ms after a fallback was shown.
 */
export const LazyVirtualMarketList = lazy(() => {
  const module = loaded;
  if (module === null) return loadVirtualMarketList().then((m) => ({ default: m.VirtualMarketList }));
  const ready: PromiseLike<{ default: VirtualMarketListModule['VirtualMarketList'] }> = {
    then: (onLoaded) => Promise.resolve(onLoaded ? onLoaded({ default: module.VirtualMarketList }) : undefined) as never,
  };
  return ready as Promise<{ default: VirtualMarketListModule['VirtualMarketList'] }>;
});

/**
 * Where the virtualized rows' chunk is: `loading` (the list shows its first rows without it), `ready`,
 * or `failed` (the list renders LazyVirtualMarketList anyway, whose load fails again into the page's
 * error boundary, as before this chunk had a stand-in). Starts loading it on mount.
 */
export function useVirtualMarketListChunk(): 'loading' | 'ready' | 'failed' {
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>(() => (loaded === null ? 'loading' : 'ready'));
  useEffect(() => {
    if (state !== 'loading') return undefined;
    let live = true;
    loadVirtualMarketList().then(
      () => live && setState('ready'),
      () => live && setState('failed'),
    );
    return () => {
      live = false;
    };
  }, [state]);
  return state;
}
