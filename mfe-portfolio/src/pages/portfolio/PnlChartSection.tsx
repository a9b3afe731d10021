import { lazy, Suspense, useMemo, useState } from 'react';
import { FormattedMessage, useIntl, type MessageDescriptor } from '@prds/shared/i18n';
import { useChainNow } from '@prds/shared/markets';
import { useQuery } from '@prds/shared/query';
import { styled } from '@prds/shared/theme';
import { Skeleton, Tabs, ListState } from '@prds/shared/ui';
import { type Address } from '@prds/shared/wallet';
import { Section, SectionTitle } from '../../common/layout';
import { TokenAmount } from '../../common/TokenAmount';
import { fetchSnapshots, portfolioKeys } from '../../api';
import { latestRealized, pnlSeries, utcDayOf } from './pnlSeries';

const PnlChart = lazy(() => import('./PnlChart'));

/** The chart's ranges, in UTC days ending the chain's today (24 h: yesterday and today). */
export const PNL_RANGES = { day: 2, week: 7, month: 30, all: 366 } as const;
export type PnlRange = keyof typeof PNL_RANGES;

/** One read covers every range: a short range also needs the last figure from before it. */
const SNAPSHOT_DAYS = PNL_RANGES.all;

const RANGE_LABEL = {
  day: { id: 'portfolio.chart.range.day' },
  week: { id: 'portfolio.chart.range.week' },
  month: { id: 'portfolio.chart.range.month' },
  all: { id: 'portfolio.chart.range.all' },
} as const satisfies Record<PnlRange, MessageDescriptor>;

function isRange(value: string): value is PnlRange {
  return value in PNL_RANGES;
}

const Latest = styled.p`
  margin: 0 0 ${({ theme }) => theme.spacing.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

/** The account's realized profit per UTC day (`/api/user/snapshots`) over the chosen range, to today. */
export function PnlChartSection({ account }: { account: Address }) {
  const intl = useIntl();
  const [range, setRange] = useState<PnlRange>('month');
  const query = useQuery({
    queryKey: portfolioKeys.snapshots(account, SNAPSHOT_DAYS),
    queryFn: () => fetchSnapshots(account, SNAPSHOT_DAYS),
  });
  const { data } = query;
  // The chain's today (the devnet's clock may be ahead of the wall's), rolling over while the page is open;
  // an answer without the chain's time ends the line at its newest day.
  const chainNow = useChainNow(data?.summary.now ?? 0, 60_000);
  const { points, latest } = useMemo(() => {
    const snapshots = data?.list ?? [];
    const today =
      chainNow > 0
        ? utcDayOf(chainNow)
        : (snapshots
            .map((item) => item.day)
            .sort()
            .at(-1) ?? '');
    return { points: pnlSeries(snapshots, today, PNL_RANGES[range]), latest: latestRealized(snapshots, today) };
  }, [data, range, chainNow]);
  return (
    <Section as="section" aria-labelledby="portfolio-chart-title" data-testid="portfolio-chart">
      <SectionTitle id="portfolio-chart-title">
        <FormattedMessage id="portfolio.chart.title" />
      </SectionTitle>
      <Tabs
        aria-label={intl.formatMessage({ id: 'portfolio.chart.range.label' })}
        value={range}
        onChange={(value) => {
          if (isRange(value)) setRange(value);
        }}
        items={(Object.keys(PNL_RANGES) as PnlRange[]).map((item) => ({
          value: item,
          label: intl.formatMessage(RANGE_LABEL[item]),
          'data-testid': `portfolio-chart-${item}`,
        }))}
        gap="sm"
      >
        <ListState
          loading={query.isPending}
          error={query.isError ? query.error : null}
          empty={points.length === 0}
          emptyTitle={<FormattedMessage id="portfolio.chart.empty" />}
          onRetry={() => void query.refetch()}
          data-testid="portfolio-chart"
        >
          <Latest data-testid="portfolio-chart-latest">
            <FormattedMessage
              id="portfolio.chart.latest"
              values={{ amount: <TokenAmount wei={latest} signed data-testid="portfolio-chart-latest-amount" /> }}
            />
          </Latest>
          <Suspense fallback={<Skeleton height="200px" />}>
            <PnlChart
              points={points}
              locale={intl.locale}
              label={intl.formatMessage({ id: 'portfolio.chart.label' }, { days: points.length })}
            />
          </Suspense>
        </ListState>
      </Tabs>
    </Section>
  );
}
