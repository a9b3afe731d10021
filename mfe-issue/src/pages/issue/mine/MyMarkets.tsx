import { useState } from 'react';
import { FormattedMessage, useIntl } from '@prds/shared/i18n';
import { type IssuedMarket } from '@prds/shared/issue';
import { styled } from '@prds/shared/theme';
import { Button, Card, EmptyState, ErrorNotice, Muted, Skeleton, Tabs, type TabItem } from '@prds/shared/ui';
import { useWallet } from '@prds/shared/wallet';
import { useProtocolParams } from '../useIssueChain';
import { CancelDialog } from './CancelDialog';
import { IssuedRow } from './IssuedRow';
import { MarginPanel } from './MarginPanel';
import { useIssuedMarkets } from './useIssuedMarkets';

const Section = styled(Card)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.md};
  min-width: 0;
`;

const Title = styled.h2`
  font-size: ${({ theme }) => theme.font.size.lg};
  font-weight: ${({ theme }) => theme.font.weight.bold};
`;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
`;

const Pager = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.spacing.sm};
`;

/** The tabs: the market list's, by what the issuer's markets are doing (closing soon is inside open). */
const TABS = ['all', 'open', 'waitingResult', 'challenging', 'finished'] as const;
type Tab = (typeof TABS)[number];

const TAB_LABEL: Readonly<Record<Tab, { readonly id: string }>> = {
  all: { id: 'issue.mine.tab.all' },
  open: { id: 'issue.mine.tab.open' },
  waitingResult: { id: 'issue.mine.tab.waitingResult' },
  challenging: { id: 'issue.mine.tab.challenging' },
  finished: { id: 'issue.mine.tab.finished' },
};

const Count = styled.span`
  margin-inline-start: ${({ theme }) => theme.spacing.xs};
  color: ${({ theme }) => theme.colors.textMuted};
  font-variant-numeric: tabular-nums;
`;

const PAGE_SIZE = 10;

const isTab = (value: string): value is Tab => (TABS as readonly string[]).includes(value);

/**
 * 'My markets': the markets the wallet issued, by state, each with what it needs from the issuer now;
 * the margin frozen in them and free to withdraw; cancelling one no one has bought into (which gives
 * the License its use back).
 */
export function MyMarkets() {
  const intl = useIntl();
  const wallet = useWallet();
  const [tab, setTab] = useState<Tab>('all');
  const [page, setPage] = useState(1);
  const [cancelling, setCancelling] = useState<IssuedMarket | null>(null);
  const issued = useIssuedMarkets({ page, pageSize: PAGE_SIZE, status: tab });
  const params = useProtocolParams();
  const totals = issued.data?.extra.totals;

  const items: TabItem[] = TABS.map((value) => ({
    value,
    'data-testid': `issue-mine-tab-${value}`,
    label: (
      <>
        <FormattedMessage {...TAB_LABEL[value]} />
        {totals !== undefined && <Count data-testid={`issue-mine-count-${value}`}>{totals[value]}</Count>}
      </>
    ),
  }));
  const pages = issued.data ? Math.max(1, Math.ceil(issued.data.total / PAGE_SIZE)) : 1;

  return (
    <Section as="section" aria-labelledby="issue-mine-title" data-testid="issue-my-markets">
      <Title id="issue-mine-title">
        <FormattedMessage id="issue.mine.title" />
      </Title>
      {!wallet.isConnected ? (
        <EmptyState
          title={<FormattedMessage id="issue.mine.connect" />}
          description={<FormattedMessage id="issue.mine.hint" />}
        />
      ) : (
        <>
          <MarginPanel frozen={issued.data?.extra.frozenMargin} />
          <Tabs
            items={items}
            value={tab}
            onChange={(value) => {
              if (!isTab(value)) return;
              setTab(value);
              setPage(1);
            }}
            aria-label={intl.formatMessage({ id: 'issue.mine.title' })}
            data-testid="issue-mine-tabs"
          >
            {issued.error !== null && !issued.data && (
              <ErrorNotice error={issued.error} onRetry={() => void issued.refetch()} data-testid="issue-mine-error" />
            )}
            {issued.isLoading && <Skeleton height="8em" />}
            {issued.data && issued.data.list.length === 0 && (
              <EmptyState
                title={<FormattedMessage id={tab === 'all' ? 'issue.mine.empty' : 'issue.mine.emptyTab'} />}
                description={<FormattedMessage id="issue.mine.hint" />}
              />
            )}
            {issued.data && issued.data.list.length > 0 && (
              <List data-testid="issue-mine-list" aria-busy={issued.isFetching}>
                {issued.data.list.map((market) => (
                  <IssuedRow
                    key={market.id}
                    market={market}
                    issuerShareBps={params.data?.issuerShareBps ?? null}
                    onCancel={setCancelling}
                  />
                ))}
              </List>
            )}
            {pages > 1 && (
              <Pager>
                <Button variant="ghost" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                  <FormattedMessage id="issue.mine.previous" />
                </Button>
                <Muted>
                  <FormattedMessage id="issue.mine.page" values={{ page, pages }} />
                </Muted>
                <Button variant="ghost" size="sm" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
                  <FormattedMessage id="issue.mine.next" />
                </Button>
              </Pager>
            )}
          </Tabs>
        </>
      )}
      {cancelling !== null && <CancelDialog market={cancelling} onClose={() => setCancelling(null)} />}
    </Section>
  );
}
