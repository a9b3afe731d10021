import { lazy } from 'react';

/**
 * The rows and their virtualizer load in their own chunk: the list's first render (filters, tabs,
 * skeletons) does not need them, and the page starts loading them as it mounts, alongside its first
 * `/api/markets` request, so they are there when the markets are (the /market first-render budget,
 * e2e/bench/bundle.mjs).
 */
export function loadVirtualMarketList() {
  return import('./VirtualMarketList');
}

export const LazyVirtualMarketList = lazy(() =>
  loadVirtualMarketList().then((module) => ({ default: module.VirtualMarketList })),
);
