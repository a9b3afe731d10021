import { PORTFOLIO_TABS, type PortfolioTab } from '@prds/shared/routes';

// The sections are @prds/shared's PORTFOLIO_TABS (so paths.portfolio({ tab }) can link to one); the
// chosen one is kept in `?tab=` so it survives a reload.

export const DEFAULT_PORTFOLIO_TAB: PortfolioTab = 'positions';
const PARAM = 'tab';

export function parsePortfolioTab(params: URLSearchParams): PortfolioTab {
  const value = params.get(PARAM);
  return PORTFOLIO_TABS.find((tab) => tab === value) ?? DEFAULT_PORTFOLIO_TAB;
}

/** Returns new params with the tab set (the default tab leaves the URL clean); other params are kept. */
export function writePortfolioTab(tab: PortfolioTab, base: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(base);
  if (tab === DEFAULT_PORTFOLIO_TAB) next.delete(PARAM);
  else next.set(PARAM, tab);
  return next;
}
