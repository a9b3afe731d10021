import { useCallback, useMemo } from 'react';
import { useFormat } from '@prds/shared/format';
import { type HttpClient } from '@prds/shared/http';
import { FormattedMessage, useIntl } from '@prds/shared/i18n';
import { useChainNow, type MarketTabTotals } from '@prds/shared/markets';
import { useAtomValue } from '@prds/shared/state';
import { deviceAtom, styled } from '@prds/shared/theme';
import { Card, Field, Input, Page, PageHeading, Select, Tabs, visuallyHidden } from '@prds/shared/ui';
import {
  MARKET_CATEGORY_FILTERS,
  MARKET_SORTS,
  MARKET_STATUS_TABS,
  MAX_SEARCH_LENGTH,
  type MarketFilters,
} from './marketFilters';
import { CATEGORY_LABEL, SORT_LABEL, STATUS_TAB_LABEL } from './marketLabels';
import { narrowsMarketList } from './marketListQuery';
import { MarketListResults } from './MarketListResults';
import { useDebouncedValue } from './useDebouncedValue';
import { useMarketFilters } from './useMarketFilters';
import { useMarketList } from './useMarketList';
import { useSearchText } from './useSearchText';

/** How long typing must pause before the search is sent (the URL follows every key). */
export const SEARCH_DEBOUNCE_MS = 300;

/** Countdowns read "in 5 hours" / "in 12 minutes": one page-wide tick per half minute is enough. */
const CLOCK_TICK_MS = 30_000;

/*
 * Below a desktop the search has its own line and each select is at least as wide as its longest choice
 * in the page's language (a native select's own width): side by side where both fit, else one a line,
 * so the chosen text is never cut or under the arrow ('Verkauf und Miete', 'Продажа и аренду').
 */
const Filters = styled(Card)`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.sm};

  & > * {
    flex: 1 1 auto;
  }
  & > :first-of-type {
    flex-basis: 100%;
  }

  @media ${({ theme }) => theme.breakpoints.desktop} {
    display: grid;
    grid-template-columns: minmax(0, 2fr) minmax(0, 1fr) minmax(0, 1fr);
  }
`;

const Results = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.md};
`;

const Count = styled.span`
  padding: 0 0.45em;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.xs};
  font-weight: ${({ theme }) => theme.font.weight.medium};
  font-variant-numeric: tabular-nums;
`;

const Announcer = styled.p(visuallyHidden);

function isOneOf<T extends string>(allowed: readonly T[], value: string): value is T {
  return allowed.some((candidate) => candidate === value);
}

const CLEARED: Partial<MarketFilters> = { search: '', category: 'all', status: 'all' };

export interface MarketListPageProps {
  /** The api client; the page's own by default, tests point it at their server. */
  readonly client?: HttpClient;
}

/**
 * `/market`: search, category, sort and status tabs (all kept in the URL) over the virtualized,
 * infinitely scrolling list of markets.
 */
export function MarketListPage({ client }: MarketListPageProps) {
  const intl = useIntl();
  const device = useAtomValue(deviceAtom);
  const [filters, setFilters] = useMarketFilters();
  const writeSearch = useCallback((search: string) => setFilters({ search }), [setFilters]);
  const [searchText, setSearchText] = useSearchText(filters.search, writeSearch);

  // The URL follows every key; the api is asked once typing pauses.
  const search = useDebouncedValue(filters.search, SEARCH_DEBOUNCE_MS);
  const { category, sort, status } = filters;
  const applied = useMemo<MarketFilters>(() => ({ search, category, sort, status }), [search, category, sort, status]);
  const list = useMarketList(applied, client);
  const now = useChainNow(list.now, CLOCK_TICK_MS);

  const choose =
    <K extends 'category' | 'sort'>(key: K, allowed: readonly MarketFilters[K][]) =>
    (value: string) => {
      if (isOneOf(allowed, value)) setFilters({ [key]: value });
    };
  const chooseCategory = choose('category', MARKET_CATEGORY_FILTERS);
  const chooseSort = choose('sort', MARKET_SORTS);
  const clearFilters = useCallback(() => setFilters(CLEARED), [setFilters]);

  return (
    <Page data-testid="page-market-list">
      <PageHeading description={<FormattedMessage id="market.list.subtitle" />}>
        <FormattedMessage id="market.list.title" />
      </PageHeading>

      <Filters as="form" role="search" onSubmit={(event) => event.preventDefault()}>
        <Field>
          <FormattedMessage id="market.list.searchLabel" />
          <Input
            type="search"
            data-testid="market-search"
            placeholder={intl.formatMessage({ id: 'market.list.searchPlaceholder' })}
            maxLength={MAX_SEARCH_LENGTH}
            enterKeyHint="search"
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
          />
        </Field>
        <Field>
          <FormattedMessage id="market.list.categoryLabel" />
          <Select data-testid="market-category" value={category} onChange={(event) => chooseCategory(event.target.value)}>
            {MARKET_CATEGORY_FILTERS.map((value) => (
              <option key={value} value={value}>
                {intl.formatMessage(CATEGORY_LABEL[value])}
              </option>
            ))}
          </Select>
        </Field>
        <Field>
          <FormattedMessage id="market.list.sortLabel" />
          <Select data-testid="market-sort" value={sort} onChange={(event) => chooseSort(event.target.value)}>
            {MARKET_SORTS.map((value) => (
              <option key={value} value={value}>
                {intl.formatMessage(SORT_LABEL[value])}
              </option>
            ))}
          </Select>
        </Field>
      </Filters>

      <Results aria-label={intl.formatMessage({ id: 'market.list.title' })}>
        <Tabs
          aria-label={intl.formatMessage({ id: 'market.list.statusTabs' })}
          data-testid="market-status-tabs"
          value={status}
          onChange={(value) => {
            if (isOneOf(MARKET_STATUS_TABS, value)) setFilters({ status: value });
          }}
          items={MARKET_STATUS_TABS.map((tab) => ({
            value: tab,
            label: <TabLabel tab={tab} totals={list.totals} />,
            'data-testid': `market-status-${tab}`,
          }))}
        >
          {/* In the page from the start, so the first count is announced too. */}
          <Announcer aria-live="polite">
            {!list.pending && !list.failed && <FormattedMessage id="market.list.resultCount" values={{ total: list.total }} />}
          </Announcer>
          <MarketListResults
            list={list}
            now={now}
            device={device}
            filtered={narrowsMarketList(applied)}
            onClearFilters={clearFilters}
          />
        </Tabs>
      </Results>
    </Page>
  );
}

function TabLabel({ tab, totals }: { tab: (typeof MARKET_STATUS_TABS)[number]; totals: MarketTabTotals | null }) {
  const intl = useIntl();
  const format = useFormat();
  const count = totals?.[tab];
  return (
    <>
      {intl.formatMessage(STATUS_TAB_LABEL[tab])}
      {count !== undefined && ' '}
      {count !== undefined && (
        <Count data-testid={`market-status-count-${tab}`} data-count={count}>
          {format.integer(count)}
        </Count>
      )}
    </>
  );
}
