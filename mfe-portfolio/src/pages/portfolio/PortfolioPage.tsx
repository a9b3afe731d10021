import { useSearchParams } from 'react-router-dom';
import { FormattedMessage, useIntl, type MessageDescriptor } from '@prds/shared/i18n';
import { useQuery } from '@prds/shared/query';
import { PORTFOLIO_TABS, type PortfolioTab } from '@prds/shared/routes';
import { EmptyState, Page, PageHeading, Tabs } from '@prds/shared/ui';
import { useUserInfo, useWallet, type Address } from '@prds/shared/wallet';
import { Stack } from '../../common/layout';
import { fetchClaims, fetchHoldings, fetchSnapshots, portfolioKeys } from '../../api';
import { claimPlan } from './claims/claimPlan';
import { ClaimsPanel } from './claims/ClaimsPanel';
import { useClaimRunner } from './claims/useClaimRunner';
import { PnlChartSection } from './PnlChartSection';
import { PnlSummary, UNKNOWN_FIGURES, type PnlFigures } from './PnlSummary';
import { parsePortfolioTab, writePortfolioTab } from './portfolioTabs';
import { ReferralPanel } from './ReferralPanel';
import { HistoryPanel } from './tables/HistoryPanel';
import { HoldingsPanel } from './tables/HoldingsPanel';
import { IssuedPanel } from './tables/IssuedPanel';
import { TradesPanel } from './tables/TradesPanel';

const TAB_LABEL = {
  positions: { id: 'portfolio.tab.positions' },
  history: { id: 'portfolio.tab.history' },
  bought: { id: 'portfolio.tab.bought' },
  invested: { id: 'portfolio.tab.invested' },
  issued: { id: 'portfolio.tab.issued' },
} as const satisfies Record<PortfolioTab, MessageDescriptor>;

const TAB_CONNECT = {
  positions: { id: 'portfolio.connect.positions' },
  history: { id: 'portfolio.connect.history' },
  bought: { id: 'portfolio.connect.bought' },
  invested: { id: 'portfolio.connect.invested' },
  issued: { id: 'portfolio.connect.issued' },
} as const satisfies Record<PortfolioTab, MessageDescriptor>;

function isPortfolioTab(value: string): value is PortfolioTab {
  return PORTFOLIO_TABS.some((tab) => tab === value);
}

/** The headline figures: cash and portfolio value (`/api/user/info`), the positions' totals, yesterday's profit. */
function useFigures(account: Address | null): PnlFigures {
  const { data: statics, isLoading } = useUserInfo({ select: (info) => info.statics });
  const totals = useQuery({
    queryKey: portfolioKeys.holdings(account ?? '', 'all', 1),
    queryFn: () => fetchHoldings(account ?? '', 'all', 1),
    enabled: account !== null,
  });
  const snapshots = useQuery({
    queryKey: portfolioKeys.snapshots(account ?? '', 2),
    queryFn: () => fetchSnapshots(account ?? '', 2),
    enabled: account !== null,
  });
  if (account === null) return UNKNOWN_FIGURES;
  const t = totals.data?.totals;
  return {
    cash: isLoading ? null : statics.cash,
    portfolio: isLoading ? null : statics.portfolio,
    invested: t?.invested ?? null,
    pendingPayoff: t?.pendingPayoff ?? null,
    totalPayoff: t?.received ?? null,
    profit: t?.profit ?? null,
    yesterdayProfit: snapshots.data?.summary.yesterdayProfit ?? null,
  };
}

function Connected({ account, tab }: { account: Address; tab: PortfolioTab }) {
  const runner = useClaimRunner(account);
  const claims = useQuery({ queryKey: portfolioKeys.claims(account), queryFn: () => fetchClaims(account) });
  const dues = claims.data?.list ?? [];
  const claimsFor = (marketId: string) => claimPlan(dues, marketId);
  const onClaim = (steps: Parameters<typeof runner.start>[0]) => void runner.start(steps);
  switch (tab) {
    case 'positions':
      return (
        <Stack>
          <ClaimsPanel
            dues={dues}
            loading={claims.isPending}
            error={claims.isError ? claims.error : null}
            onRetry={() => void claims.refetch()}
            runner={runner}
          />
          <HoldingsPanel account={account} status="active" claimsFor={claimsFor} busy={runner.busy} onClaim={onClaim} />
          <ReferralPanel account={account} busy={runner.busy} onClaim={onClaim} />
        </Stack>
      );
    case 'bought':
      return (
        <Stack>
          <ClaimsPanel
            dues={dues}
            loading={claims.isPending}
            error={claims.isError ? claims.error : null}
            onRetry={() => void claims.refetch()}
            runner={runner}
          />
          <HoldingsPanel account={account} status="all" claimsFor={claimsFor} busy={runner.busy} onClaim={onClaim} />
        </Stack>
      );
    case 'history':
      return (
        <Stack>
          <PnlChartSection account={account} />
          <HistoryPanel account={account} />
        </Stack>
      );
    case 'invested':
      return <TradesPanel account={account} />;
    case 'issued':
      return <IssuedPanel account={account} />;
  }
}

/** `/portfolio`: everything the account holds, earned and is owed, by section (the tab in the URL). */
export function PortfolioPage() {
  const intl = useIntl();
  const { account, isConnected } = useWallet();
  const [params, setParams] = useSearchParams();
  const tab = parsePortfolioTab(params);
  const connected = isConnected && account !== null ? account : null;
  const figures = useFigures(connected);

  return (
    <Page data-testid="page-portfolio">
      <PageHeading description={<FormattedMessage id="portfolio.intro" />}>
        <FormattedMessage id="portfolio.title" />
      </PageHeading>
      <Stack>
        <PnlSummary figures={figures} />
        <section aria-label={intl.formatMessage({ id: 'portfolio.tabs.label' })}>
          <Tabs
            aria-label={intl.formatMessage({ id: 'portfolio.tabs.label' })}
            data-testid="portfolio-tabs"
            value={tab}
            onChange={(value) => {
              if (isPortfolioTab(value)) setParams((current) => writePortfolioTab(value, current));
            }}
            items={PORTFOLIO_TABS.map((item) => ({
              value: item,
              label: intl.formatMessage(TAB_LABEL[item]),
              'data-testid': `portfolio-tab-${item}`,
            }))}
            data-panel-testid={`portfolio-panel-${tab}`}
          >
            {connected === null ? (
              <EmptyState title={<FormattedMessage {...TAB_CONNECT[tab]} />} />
            ) : (
              <Connected key={connected} account={connected} tab={tab} />
            )}
          </Tabs>
        </section>
      </Stack>
    </Page>
  );
}
