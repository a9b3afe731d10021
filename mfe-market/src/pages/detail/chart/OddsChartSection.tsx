import { Suspense, lazy, useMemo } from 'react';
import { type HttpClient } from '@prds/shared/http';
import { FormattedMessage, useIntl } from '@prds/shared/i18n';
import {
  OptionName,
  Probability,
  fetchMarketHistory,
  formatProbability,
  marketQueryKeys,
  type MarketDetail,
} from '@prds/shared/markets';
import { useQuery } from '@prds/shared/query';
import { styled, useTheme } from '@prds/shared/theme';
import { EmptyState, ErrorNotice, Skeleton } from '@prds/shared/ui';
import { DetailSection } from '../DetailSection';
import { latestProbabilities, oddsLines } from './oddsSeries';

// The chart library is big and needs a canvas: its own chunk, fetched only when there is a history to draw.
const OddsChart = lazy(() => import('./OddsChart'));

const Legend = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.xs} ${({ theme }) => theme.spacing.md};
  margin: 0;
  padding: 0;
  list-style: none;
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const Swatch = styled.span`
  display: inline-block;
  width: 0.8em;
  height: 0.8em;
  margin-inline-end: ${({ theme }) => theme.spacing.xs};
  border-radius: ${({ theme }) => theme.radii.sm};
  vertical-align: middle;
`;

const Figure = styled.figure`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.sm};
  margin: 0;
`;

/** Odds over time: one line per option of its implied probability, from `/api/market/history`. */
export function OddsChartSection({ market, client }: { market: MarketDetail; client?: HttpClient }) {
  const intl = useIntl();
  const theme = useTheme();
  const history = useQuery({
    queryKey: marketQueryKeys.history(market.id),
    queryFn: () => fetchMarketHistory(market.id, 200, client),
    // No clock of its own: it is refetched when the detail's data changes (useRefreshWithDetail), so
    // the chart never runs ahead of (or behind) the odds on the page.
  });
  const colors = useMemo(
    () => [theme.colors.primary, theme.colors.warning, theme.colors.success, theme.colors.danger, theme.colors.textMuted],
    [theme],
  );
  const lines = useMemo(() => (history.data ? oddsLines(history.data) : []), [history.data]);
  const latest = history.data ? latestProbabilities(history.data) : [];
  const optionText = (index: number) => {
    const option = market.options.find((o) => o.index === index);
    return option?.label ?? intl.formatMessage({ id: 'common.market.option' }, { number: index + 1 });
  };
  const label = intl.formatMessage(
    { id: 'market.detail.chart.label' },
    {
      values: latest
        .map((p, index) =>
          intl.formatMessage(
            { id: 'market.detail.chart.labelItem' },
            { option: optionText(index), value: formatProbability(p, intl.locale) ?? '--' },
          ),
        )
        .join(', '),
    },
  );

  let body;
  if (history.isError && !history.data) {
    body = <ErrorNotice error={history.error} onRetry={() => void history.refetch()} data-testid="detail-odds-error" />;
  } else if (!history.data) {
    body = <Skeleton height="2.6rem" />;
  } else if (history.data.points.length === 0) {
    body = <EmptyState title={<FormattedMessage id="market.detail.chart.empty" />} data-testid="detail-odds-empty" />;
  } else {
    body = (
      <Figure>
        <Suspense fallback={<Skeleton height="2.6rem" />}>
          <OddsChart lines={lines} colors={colors} locale={intl.locale} label={label} />
        </Suspense>
        <figcaption>
          <Legend data-testid="detail-odds-legend">
            {market.options.map((option) => (
              <li key={option.index} data-testid={`detail-odds-legend-${option.index}`}>
                <Swatch aria-hidden="true" style={{ background: colors[option.index % colors.length] }} />
                <span dir="auto">
                  <OptionName option={option} />
                </span>{' '}
                <Probability value={latest[option.index] ?? null} />
              </li>
            ))}
          </Legend>
        </figcaption>
      </Figure>
    );
  }

  return (
    <DetailSection id="odds" testId="detail-odds-chart" title={<FormattedMessage id="market.detail.chart.title" />}>
      {body}
    </DetailSection>
  );
}
