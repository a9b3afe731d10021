import { Link } from 'react-router-dom';
import { Card, EmptyState, FormattedMessage, Input, Page, PageHeading, Select, Tabs, styled, useIntl } from '@prds/shared';
import { MARKET_CATEGORY_FILTERS, MARKET_SORTS, MARKET_STATUS_TABS, type MarketFilters } from './marketFilters';
import { CATEGORY_LABEL, SORT_LABEL, STATUS_TAB_LABEL } from './marketLabels';
import { useMarketFilters } from './useMarketFilters';

const Filters = styled(Card)`
  display: grid;
  gap: ${({ theme }) => theme.spacing.sm};
  grid-template-columns: 1fr 1fr;

  & > :first-of-type {
    grid-column: 1 / -1;
  }

  @media ${({ theme }) => theme.breakpoints.desktop} {
    grid-template-columns: minmax(0, 2fr) minmax(0, 1fr) minmax(0, 1fr);
    & > :first-of-type {
      grid-column: auto;
    }
  }
`;

const Field = styled.label`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.xs};
  min-width: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const Results = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.md};
`;

function isOneOf<T extends string>(allowed: readonly T[], value: string): value is T {
  return allowed.some((candidate) => candidate === value);
}

export function MarketListPage() {
  const intl = useIntl();
  const [filters, setFilters] = useMarketFilters();

  const choose =
    <K extends 'category' | 'sort'>(key: K, allowed: readonly MarketFilters[K][]) =>
    (value: string) => {
      if (isOneOf(allowed, value)) setFilters({ [key]: value });
    };
  const chooseCategory = choose('category', MARKET_CATEGORY_FILTERS);
  const chooseSort = choose('sort', MARKET_SORTS);

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
            value={filters.search}
            onChange={(event) => setFilters({ search: event.target.value })}
          />
        </Field>
        <Field>
          <FormattedMessage id="market.list.categoryLabel" />
          <Select
            data-testid="market-category"
            value={filters.category}
            onChange={(event) => chooseCategory(event.target.value)}
          >
            {MARKET_CATEGORY_FILTERS.map((category) => (
              <option key={category} value={category}>
                {intl.formatMessage(CATEGORY_LABEL[category])}
              </option>
            ))}
          </Select>
        </Field>
        <Field>
          <FormattedMessage id="market.list.sortLabel" />
          <Select data-testid="market-sort" value={filters.sort} onChange={(event) => chooseSort(event.target.value)}>
            {MARKET_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {intl.formatMessage(SORT_LABEL[sort])}
              </option>
            ))}
          </Select>
        </Field>
      </Filters>

      <Results aria-label={intl.formatMessage({ id: 'market.list.title' })}>
        <Tabs
          aria-label={intl.formatMessage({ id: 'market.list.statusTabs' })}
          data-testid="market-status-tabs"
          value={filters.status}
          onChange={(value) => {
            if (isOneOf(MARKET_STATUS_TABS, value)) setFilters({ status: value });
          }}
          items={MARKET_STATUS_TABS.map((status) => ({
            value: status,
            label: intl.formatMessage(STATUS_TAB_LABEL[status]),
            'data-testid': `market-status-${status}`,
          }))}
        />
        {/* Markets arrive with the api; until then the list is honestly empty. */}
        <EmptyState
          data-testid="market-list-empty"
          title={<FormattedMessage id="market.list.empty" />}
          description={<FormattedMessage id="market.list.emptyHint" />}
          action={
            <Link to="/issue">
              <FormattedMessage id="market.list.issueLink" />
            </Link>
          }
        />
      </Results>
    </Page>
  );
}
