import { Link } from 'react-router-dom';
import { fromUnits, useFormat } from '@prds/shared/format';
import { FormattedMessage, useIntl } from '@prds/shared/i18n';
import {
  leadingOptions,
  MarketEvent,
  MarketStateBadge,
  type MarketSummary,
  OptionName,
  PayoutMultiplier,
  Probability,
  TradingEnds,
} from '@prds/shared/markets';
import { paths } from '@prds/shared/routes';
import { css, styled, type Theme } from '@prds/shared/theme';
import { Skeleton } from '@prds/shared/ui';

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
export function FeaturedMarketCard({ market, now }: { market: MarketSummary; now: number }) {
  const format = useFormat();
  const intl = useIntl();
  return (
    <CardLink to={paths.detail(market.id)} data-testid={`featured-market-${market.id}`}>
      <BadgeRow>
        <MarketStateBadge market={market} data-testid="featured-market-state" />
      </BadgeRow>
      <Event dir="auto" title={market.event ?? undefined}>
        <MarketEvent market={market} />
      </Event>
      <Options aria-label={intl.formatMessage({ id: 'host.home.market.leading' })}>
        {leadingOptions(market.options, 2).map((option) => (
          <OptionRow key={option.index}>
            <span dir="auto">
              {/* One line on a card: cut, the whole name in the tooltip. */}
              <OptionName option={option} lines={1} />
            </span>
            <span>
              <Probability value={option.probability} /> <PayoutMultiplier option={option} />
            </span>
          </OptionRow>
        ))}
      </Options>
      <Meta>
        <span>
          <FormattedMessage id="host.home.market.volume" values={{ amount: format.compact(fromUnits(market.volume)) }} />
        </span>
        <span>
          <TradingEnds market={market} now={now} />
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
