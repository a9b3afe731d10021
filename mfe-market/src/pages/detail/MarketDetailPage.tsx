import { Link, useParams } from 'react-router-dom';
import { isHttpError, type HttpClient } from '@prds/shared/http';
import { FormattedMessage, useDocumentTitle, useIntl } from '@prds/shared/i18n';
import { useChainNow, type MarketDetailView } from '@prds/shared/markets';
import { paths } from '@prds/shared/routes';
import { styled } from '@prds/shared/theme';
import { ErrorNotice, NotFoundPage, Page, PageHeading, Skeleton, visuallyHidden } from '@prds/shared/ui';
import { BuyForm } from './buy/BuyForm';
import { OddsChartSection } from './chart/OddsChartSection';
import { isMarketIdText, isMarketMissing } from './detailErrors';
import { MarketHeader } from './header/MarketHeader';
import { OptionList } from './options/OptionList';
import { MyPositions } from './positions/MyPositions';
import { ResolutionSection } from './resolution/ResolutionSection';
import { ShareButton } from './share/ShareButton';
import { TradeHistory } from './trades/TradeHistory';
import { useMarketDetail, useRefreshWithDetail } from './useMarketDetail';

const Hidden = styled.span`
  ${visuallyHidden}
`;

/** The failure's own words after ours (an api error's key, a time-out, a status). */
function ErrorReason({ error }: { error: unknown }) {
  return isHttpError(error) ? <FormattedMessage id={error.messageKey} values={error.values} /> : null;
}

const BackLink = styled(Link)`
  color: ${({ theme }) => theme.colors.primary};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

/**
 * Desktop: a main column (options, then chart, resolution and trades) and a side column (buy,
 * positions) beside both. Tablet and mobile: one column in DOM order, so buying comes right after
 * the options instead of below the whole history.
 */
const Columns = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.spacing.md};
  grid-template-columns: minmax(0, 1fr);

  @media ${({ theme }) => theme.breakpoints.desktop} {
    grid-template-columns: minmax(0, 2fr) minmax(0, 1fr);
    grid-template-rows: auto 1fr;
    grid-template-areas:
      'top side'
      'rest side';
  }
`;

const Column = styled.div<{ $area: 'top' | 'rest' | 'side' }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.md};
  min-width: 0;

  @media ${({ theme }) => theme.breakpoints.desktop} {
    grid-area: ${({ $area }) => $area};
    align-self: start;
    ${({ $area, theme }) => ($area === 'side' ? `position: sticky; top: ${theme.spacing.md};` : '')}
  }
`;

function MarketView({
  view,
  client,
  refreshError,
  onRetry,
}: {
  view: MarketDetailView;
  client?: HttpClient;
  refreshError: unknown;
  onRetry: () => void;
}) {
  const intl = useIntl();
  const now = useChainNow(view.now);
  const { market } = view;
  // The tab names the market's event (its number while the metadata is not approved).
  useDocumentTitle(market.event ?? intl.formatMessage({ id: 'common.market.untitled' }, { id: market.id }));
  useRefreshWithDetail(market);
  return (
    <>
      <MarketHeader view={view} now={now} actions={<ShareButton />} />
      {refreshError !== null && (
        <ErrorNotice
          message={<FormattedMessage id="market.detail.refreshFailed" />}
          onRetry={onRetry}
          data-testid="detail-refresh-error"
        />
      )}
      <Columns>
        <Column $area="top">
          <OptionList market={market} />
        </Column>
        <Column $area="side">
          <BuyForm market={market} now={now} />
          <MyPositions market={market} positions={view.positions} />
        </Column>
        <Column $area="rest">
          <OddsChartSection market={market} client={client} />
          <ResolutionSection view={view} />
          <TradeHistory market={market} client={client} />
        </Column>
      </Columns>
    </>
  );
}

function LoadingView() {
  return (
    <Columns data-testid="detail-skeleton" aria-busy="true">
      <Column $area="top">
        <Skeleton height="6em" />
      </Column>
      <Column $area="side">
        <Skeleton height="12em" />
      </Column>
      <Column $area="rest">
        <Skeleton height="10em" />
      </Column>
      <Hidden>
        <FormattedMessage id="common.loading" />
      </Hidden>
    </Columns>
  );
}

/** There is no market with this id (it cannot be one, or the api has never seen it): the site's not-found page. */
function MarketNotFound() {
  const intl = useIntl();
  return (
    <NotFoundPage
      title={<FormattedMessage id="market.detail.notFound" />}
      documentTitle={intl.formatMessage({ id: 'market.detail.notFound' })}
      body={<FormattedMessage id="market.detail.notFoundHint" />}
      back={{ to: paths.market(), label: <FormattedMessage id="market.detail.back" />, 'data-testid': 'not-found-markets' }}
    />
  );
}

function MarketDetail({ id, client }: { id: string; client?: HttpClient }) {
  const detail = useMarketDetail(id, client);
  const view = detail.data;
  if (view === undefined && detail.isError && isMarketMissing(detail.error)) return <MarketNotFound />;

  let body;
  if (view !== undefined) {
    body = (
      <MarketView
        view={view}
        client={client}
        refreshError={detail.isError ? detail.error : null}
        onRetry={() => void detail.refetch()}
      />
    );
  } else {
    body = (
      <>
        <PageHeading>
          <FormattedMessage id="market.detail.title" values={{ id }} />
        </PageHeading>
        {!detail.isError ? (
          <LoadingView />
        ) : (
          <ErrorNotice
            data-testid="detail-error"
            message={
              <>
                <FormattedMessage id="market.detail.loadFailed" /> <ErrorReason error={detail.error} />
              </>
            }
            onRetry={() => void detail.refetch()}
          />
        )}
      </>
    );
  }

  return (
    <Page data-testid="page-detail" data-market-id={id}>
      <BackLink to={paths.market()}>
        <FormattedMessage id="market.detail.back" />
      </BackLink>
      {body}
    </Page>
  );
}

/**
 * `/detail/:id`: one market — its facts, options and odds history, buying, the account's position,
 * the resolution (result, challenges, vote, claims) and the trades. An id that cannot be a market's
 * or that the api does not know shows the not-found page; any other failure the error with Retry.
 * `client` is for tests; the page uses the configured api.
 */
export function MarketDetailPage({ client }: { client?: HttpClient } = {}) {
  const { id = '' } = useParams<{ id: string }>();
  // Keyed by the id: another market's page starts afresh.
  return isMarketIdText(id) ? <MarketDetail key={id} id={id} client={client} /> : <MarketNotFound />;
}
