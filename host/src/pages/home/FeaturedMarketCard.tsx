import { Link } from 'react-router-dom';
import {
  Badge,
  FormattedMessage,
  Skeleton,
  formatAmount,
  formatCompact,
  fromUnits,
  styled,
  toBigNumber,
  useIntl,
  type IntlShape,
  MARKET_STATE_LABELS,
  css,
  isMarketLabelKey,
  type Theme,
} from '@prds/shared';
import { leadingOptions, type MarketOption, type MarketSummary } from './featuredMarkets';

/** The box a card and its loading shape share. */
const cardBox = ({ theme }: { theme: Theme }) => css`
  display: flex;
  flex-direction: column;
  gap: ${theme.spacing.sm};
  padding: ${theme.spacing.md};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};
`;

const CardLink = styled(Link)`
  ${cardBox}
  background: ${({ theme }) => theme.colors.surfaceAlt};
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;
  min-width: 0;

  &:hover,
  &:focus-visible {
    border-color: ${({ theme }) => theme.colors.primary};
  }
`;

const Event = styled.h4`
  font-size: ${({ theme }) => theme.font.size.md};
  font-weight: ${({ theme }) => theme.font.weight.medium};
  line-height: 1.35;
  overflow-wrap: anywhere;
  display: -webkit-box;
  -webkit-box-orient: vertical;
  -webkit-line-clamp: 2;
  line-clamp: 2;
  overflow: hidden;
`;

const Options = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.xs};
  list-style: none;
  margin: 0;
  padding: 0;
`;

const OptionRow = styled.li`
  display: flex;
  justify-content: space-between;
  gap: ${({ theme }) => theme.spacing.sm};
  font-size: ${({ theme }) => theme.font.size.sm};

  span:first-of-type {
    min-width: 0;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  span:last-of-type {
    font-weight: ${({ theme }) => theme.font.weight.medium};
    font-variant-numeric: tabular-nums;
  }
`;

const Meta = styled.p`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: ${({ theme }) => theme.spacing.xs} ${({ theme }) => theme.spacing.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.xs};
`;

const BadgeRow = styled.div`
  display: flex;
  min-width: 0;

  > span {
    max-width: 100%;
    overflow: hidden;
    text-overflow: ellipsis;
  }
`;

// Events and option labels are the issuer's text in any language: `dir="auto"` lets an English
// question read right inside an Arabic page and the other way round.
function optionLabel(option: MarketOption) {
  return option.label ?? <FormattedMessage id="host.home.market.option" values={{ number: option.index + 1 }} />;
}

/** A 0..1 probability as a percentage, two decimals, rounded down like every figure on the page. */
function percentText(probability: string | null): string | null {
  const n = toBigNumber(probability);
  return n === null ? null : formatAmount(n.shiftedBy(2), 2);
}

const HOUR = 3600;
const DAY = 24 * HOUR;

/** "in 5 hours" / "in 3 days" in the page's language, counted from the api's chain time. */
function countdownText(intl: IntlShape, secondsLeft: number): string {
  if (secondsLeft < HOUR) return intl.formatRelativeTime(Math.max(1, Math.floor(secondsLeft / 60)), 'minute');
  if (secondsLeft < 2 * DAY) return intl.formatRelativeTime(Math.floor(secondsLeft / HOUR), 'hour');
  return intl.formatRelativeTime(Math.floor(secondsLeft / DAY), 'day');
}

function StateBadge({ market }: { market: MarketSummary }) {
  const { key, option } = market.label;
  if (!isMarketLabelKey(key)) return null;
  const { message, tone } = MARKET_STATE_LABELS[key];
  const named = market.options.find((o) => o.index === option);
  return (
    <Badge tone={tone} data-testid="featured-market-state">
      <FormattedMessage {...message} values={{ option: named ? optionLabel(named) : '' }} />
    </Badge>
  );
}

export function FeaturedMarketCard({ market, now }: { market: MarketSummary; now: number }) {
  const intl = useIntl();
  const secondsLeft = market.lastTradingTime - now;
  return (
    <CardLink to={`/detail/${market.id}`} data-testid={`featured-market-${market.id}`}>
      <BadgeRow>
        <StateBadge market={market} />
      </BadgeRow>
      <Event dir="auto" title={market.event ?? undefined}>
        {market.event ?? <FormattedMessage id="host.home.market.untitled" values={{ id: market.id }} />}
      </Event>
      <Options aria-label={intl.formatMessage({ id: 'host.home.market.leading' })}>
        {leadingOptions(market.options).map((option) => {
          const percent = percentText(option.probability);
          return (
            <OptionRow key={option.index}>
              <span dir="auto">{optionLabel(option)}</span>
              <span>{percent === null ? '--' : <FormattedMessage id="host.home.market.percent" values={{ value: percent }} />}</span>
            </OptionRow>
          );
        })}
      </Options>
      <Meta>
        <span>
          <FormattedMessage id="host.home.market.volume" values={{ amount: formatCompact(fromUnits(market.volume)) }} />
        </span>
        <span>
          {secondsLeft > 0 ? (
            <FormattedMessage id="host.home.market.closesIn" values={{ time: countdownText(intl, secondsLeft) }} />
          ) : (
            <FormattedMessage
              id="host.home.market.closedOn"
              values={{ date: intl.formatDate(market.lastTradingTime * 1000, { dateStyle: 'medium' }) }}
            />
          )}
        </span>
      </Meta>
    </CardLink>
  );
}

const SkeletonBox = styled.div`
  ${cardBox}
`;

/** The shape of a card while its shelf loads. */
export function FeaturedMarketSkeleton() {
  return (
    <SkeletonBox data-testid="featured-market-skeleton">
      <Skeleton width="35%" height="1.1em" />
      <Skeleton height="1.1em" />
      <Skeleton width="70%" height="1.1em" />
      <Skeleton width="55%" height="0.9em" />
    </SkeletonBox>
  );
}
