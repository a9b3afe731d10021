import { PORTFOLIO_TABS } from '@prds/shared/routes';
import { parsePortfolioTab, writePortfolioTab } from './portfolioTabs';

describe('portfolio tab in the URL', () => {
  it('defaults to My Positions', () => {
    expect(parsePortfolioTab(new URLSearchParams())).toBe('positions');
  });

  it.each(['unknown', 'History', ''])('ignores an unknown tab %p', (value) => {
    expect(parsePortfolioTab(new URLSearchParams({ tab: value }))).toBe('positions');
  });

  it.each(PORTFOLIO_TABS)('round-trips %s', (tab) => {
    expect(parsePortfolioTab(writePortfolioTab(tab, new URLSearchParams()))).toBe(tab);
  });

  it('leaves the URL clean for the default tab and keeps other params', () => {
    const base = new URLSearchParams('tab=issued&ref=x');
    expect(writePortfolioTab('positions', base).toString()).toBe('ref=x');
    expect(writePortfolioTab('bought', base).toString()).toBe('tab=bought&ref=x');
  });
});
