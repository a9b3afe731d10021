import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { parseMarketFilters, writeMarketFilters, type MarketFilters } from './marketFilters';

/** The list's filters, read from and written to the URL; a change replaces the history entry. */
export function useMarketFilters(): readonly [MarketFilters, (change: Partial<MarketFilters>) => void] {
  const [params, setParams] = useSearchParams();
  const filters = parseMarketFilters(params);
  const update = useCallback(
    (change: Partial<MarketFilters>) => {
      // Typing in the search box must not push one history entry per key.
      setParams((current) => writeMarketFilters({ ...parseMarketFilters(current), ...change }, current), {
        replace: true,
      });
    },
    [setParams],
  );
  return [filters, update] as const;
}
