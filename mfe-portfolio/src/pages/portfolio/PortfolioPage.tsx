import { useSearchParams } from 'react-router-dom';
import {
  EmptyState,
  FormattedMessage,
  Page,
  PageHeading,
  PORTFOLIO_TABS,
  Tabs,
  useIntl,
  type MessageDescriptor,
  type PortfolioTab,
} from '@prds/shared';
import { PnlSummary } from './PnlSummary';
import { parsePortfolioTab, writePortfolioTab } from './portfolioTabs';

const TAB_LABEL = {
  positions: { id: 'portfolio.tab.positions' },
  history: { id: 'portfolio.tab.history' },
  bought: { id: 'portfolio.tab.bought' },
  invested: { id: 'portfolio.tab.invested' },
  issued: { id: 'portfolio.tab.issued' },
} as const satisfies Record<PortfolioTab, MessageDescriptor>;

const TAB_EMPTY = {
  positions: { id: 'portfolio.empty.positions' },
  history: { id: 'portfolio.empty.history' },
  bought: { id: 'portfolio.empty.bought' },
  invested: { id: 'portfolio.empty.invested' },
  issued: { id: 'portfolio.empty.issued' },
} as const satisfies Record<PortfolioTab, MessageDescriptor>;

function isPortfolioTab(value: string): value is PortfolioTab {
  return PORTFOLIO_TABS.some((tab) => tab === value);
}

/** `/portfolio`: the user's P&L and positions, by section. */
export function PortfolioPage() {
  const intl = useIntl();
  const [params, setParams] = useSearchParams();
  const tab = parsePortfolioTab(params);

  return (
    <Page data-testid="page-portfolio">
      <PageHeading description={<FormattedMessage id="portfolio.intro" />}>
        <FormattedMessage id="portfolio.title" />
      </PageHeading>
      <PnlSummary />
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
        />
        <div role="tabpanel" data-testid={`portfolio-panel-${tab}`}>
          <EmptyState title={<FormattedMessage {...TAB_EMPTY[tab]} />} />
        </div>
      </section>
    </Page>
  );
}
