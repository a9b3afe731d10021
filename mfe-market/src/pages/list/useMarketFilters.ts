import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { parseMarketFilters, writeMarketFilters, type MarketFilters } from './marketFilters';

/**
 * The list's filters, read from and written to the URL. Choosing a tab, a category or a sort pushes
 * a history entry, so Back returns to the previous choice; typing a search replaces the current
 * entry, so Back does not step through every key pressed.
 */
export function useMarketFilters(): readonly [MarketFilters, (change: Partial<MarketFilters>) => void] {
  const [params, setParams] = useSearchParams();
  const filters = parseMarketFilters(params);
  const update = useCallback(
    (change: Partial<MarketFilters>) => {
      const typing = Object.keys(change).every((field) => field === 'search');
      const next = writeMarketFilters({ ...parseMarketFilters(params), ...change }, params);
      // Choosing what is already chosen must not add a history entry that Back would land on. (A
      // search is always written: `params` may not show a key typed an instant ago yet.)
      if (!typing && next.toString() === params.toString()) return;
      setParams(next, { replace: typing });
    },
    [params, setParams],
  );
  return [filters, update] as const;
}
