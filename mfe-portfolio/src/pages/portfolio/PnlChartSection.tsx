import { lazy, Suspense, useState } from 'react';
import {
  FormattedMessage,
  Skeleton,
  Tabs,
  fromUnits,
  keepPreviousData,
  useIntl,
  useQuery,
  type Address,
  type MessageDescriptor,
} from '@prds/shared';
import { Section, SectionTitle } from '../../common/layout';
import { ListState } from '../../common/Table';
import { fetchSnapshots, portfolioKeys } from '../../portfolioApi';

const PnlChart = lazy(() => import('./PnlChart'));

/** The chart's ranges, as UTC days of `/api/user/snapshots` (24 h: yesterday and today). */
export const PNL_RANGES = { day: 2, week: 7, month: 30, all: 366 } as const;
export type PnlRange = keyof typeof PNL_RANGES;

const RANGE_LABEL = {
  day: { id: 'portfolio.chart.range.day' },
  week: { id: 'portfolio.chart.range.week' },
  month: { id: 'portfolio.chart.range.month' },
  all: { id: 'portfolio.chart.range.all' },
} as const satisfies Record<PnlRange, MessageDescriptor>;

function isRange(value: string): value is PnlRange {
  return value in PNL_RANGES;
}

/** The account's realized profit per UTC day (`/api/user/snapshots`), over the chosen range. */
export function PnlChartSection({ account }: { account: Address }) {
  const intl = useIntl();
  const [range, setRange] = useState<PnlRange>('month');
  const days = PNL_RANGES[range];
  const query = useQuery({
    queryKey: portfolioKeys.snapshots(account, days),
    queryFn: () => fetchSnapshots(account, days),
    placeholderData: keepPreviousData,
  });
  const points = (query.data?.list ?? [])
    .map((item) => ({ day: item.day, value: Number(fromUnits(item.realizedProfit, 18)) }))
    .reverse();
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
