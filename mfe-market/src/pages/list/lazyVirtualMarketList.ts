import { lazy } from 'react';

type VirtualMarketListModule = typeof import('./VirtualMarketList');
let loaded: VirtualMarketListModule | null = null;

/**
 * The rows and their virtualizer load in their own chunk: the list's first render (filters, tabs,
 * skeletons) does not need them, and the page starts loading them as it mounts, alongside its first
 * `/api/markets` request, so they are there when the markets are (the /market first-render budget,
 * e2e/bench/bundle.mjs).
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
