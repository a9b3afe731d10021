import { memo } from 'react';
import { Link } from 'react-router-dom';
import { fromUnits, useFormat } from '@prds/shared/format';
import { FormattedMessage, useIntl } from '@prds/shared/i18n';
import { liveChangedStyles, useChangeHighlight } from '@prds/shared/live';
import {
  MarketEvent,
  MarketStateBadge,
  type MarketSummary,
  OptionName,
  PayoutMultiplier,
  Probability,
  TradingEnds,
} from '@prds/shared/markets';
import { paths } from '@prds/shared/routes';
import { type Device, styled } from '@prds/shared/theme';
import { CATEGORY_LABEL } from './marketLabels';
import { OPTIONS_PER_ROW, knownCategory, rowOptions } from './marketRowView';

// Rows mount and unmount all the time while the list scrolls, so a row is one styled element (one
// style serialization) with plain children styled through its class names.
// The end-date column takes what the volume leaves on a phone, and is wide enough on a desktop for a date
// in most languages ('已于 2026年11月7日 停止交易'); where it must wrap (a tablet, whose options need the
// room) it breaks between words, never inside a Chinese word or a date, into balanced lines.
const RowLink = styled(Link)`
  display: grid;
  grid-template-columns: auto minmax(0, 1fr);
  grid-template-areas:
    'head head'
    'event event'
    'options options'
    'volume time';
  gap: ${({ theme }) => theme.spacing.sm};
  padding: ${({ theme }) => theme.spacing.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;

  &:hover,
  &:focus-visible {
    border-color: ${({ theme }) => theme.colors.primary};
  }

  /* Tablet: the event keeps the full width; options, volume and time share the line below. */
  @media ${({ theme }) => theme.breakpoints.tablet} {
    grid-template-columns: minmax(0, 1fr) minmax(0, 1.1rem) minmax(0, 1.8rem);
    grid-template-areas:
      'head head head'
      'event event event'
      'options volume time';
    column-gap: ${({ theme }) => theme.spacing.md};
    align-items: start;
  }
  /* Desktop: one band per market, the options in a column beside the event. */
  @media ${({ theme }) => theme.breakpoints.desktop} {
    grid-template-columns: minmax(0, 1fr) minmax(0, 2.8rem) minmax(0, 1.1rem) minmax(0, 2rem);
    grid-template-areas:
      'head options volume time'
      'event options volume time';
    grid-template-rows: auto 1fr;
  }

  .row-head {
    grid-area: head;
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.spacing.sm};
    min-width: 0;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.font.size.xs};
    white-space: nowrap;
    > span {
      min-width: 0;
      overflow: hidden;
      text-overflow: ellipsis;
    }
  }

  .row-event {
    grid-area: event;
    font-size: ${({ theme }) => theme.font.size.md};
    font-weight: ${({ theme }) => theme.font.weight.medium};
    line-height: 1.35;
    overflow-wrap: anywhere;
    display: -webkit-box;
    -webkit-box-orient: vertical;
    -webkit-line-clamp: 2;
    line-clamp: 2;
    overflow: hidden;
  }

  /* A phone has room for one option a line, its whole name beside its figures; a tablet's options share
     the line below the event, a desktop's have their own column. */
  .row-options {
    grid-area: options;
    display: grid;
    grid-template-columns: minmax(0, 1fr);
    gap: ${({ theme }) => theme.spacing.xs};
    margin: 0;
    padding: 0;
    list-style: none;
    font-size: ${({ theme }) => theme.font.size.sm};
    @media ${({ theme }) => theme.breakpoints.tablet} {
      grid-template-columns: none;
      grid-auto-flow: column;
      grid-auto-columns: minmax(0, 1fr);
    }
    @media ${({ theme }) => theme.breakpoints.desktop} {
      grid-template-columns: minmax(0, 1fr);
      grid-auto-flow: row;
    }
  }
  .row-option {
    display: flex;
    align-items: baseline;
    gap: ${({ theme }) => theme.spacing.xs};
    min-width: 0;
    padding: 0.1em 0.5em;
    border-radius: ${({ theme }) => theme.radii.sm};
    background: ${({ theme }) => theme.colors.surfaceAlt};
  }
  /* Options often share their first words ('Real Madrid' / 'Real Sociedad'): the whole name, wrapped. */
  .row-option-name {
    flex: 1;
    min-width: 0;
  }
  .row-option-figures {
    display: flex;
    gap: ${({ theme }) => theme.spacing.xs};
    font-variant-numeric: tabular-nums;
    white-space: nowrap;
    > span:first-of-type {
      font-weight: ${({ theme }) => theme.font.weight.bold};
    }
    > span + span {
      color: ${({ theme }) => theme.colors.textMuted};
    }
  }
  .row-more {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.font.size.xs};
    padding-inline-start: 0.5em;
  }

  .row-volume,
  .row-time {
    display: flex;
    flex-direction: column;
    min-width: 0;
    font-size: ${({ theme }) => theme.font.size.sm};
    font-variant-numeric: tabular-nums;
  }
  .row-volume {
    grid-area: volume;
  }
  .row-time {
    grid-area: time;
    text-align: end;
    word-break: keep-all;
    overflow-wrap: anywhere;
    text-wrap: balance;
  }
  .row-label {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.font.size.xs};
  }

  /* A pushed change of its odds, volume or state: a brief flash that moves nothing. */
  ${({ theme }) => liveChangedStyles(theme)}
`;

/** What a pushed update can change on a row: its options' odds, the volume, the state. */
export function marketRowVersion(market: MarketSummary): string {
  return [market.volume, market.state, ...market.options.map((option) => option.odds ?? '')].join('/');
}

export interface MarketRowProps {
  readonly market: MarketSummary;
  /** Chain time (unix seconds) the countdown counts from: the page's one clock, not one per row. */
  readonly now: number;
  readonly device: Device;
}

/**
 * One market of the list: state, category, event, its leading options with probability and payout
 * multiplier, volume and the time left to trade. The whole row links to the market's page.
 */
export const MarketRow = memo(function MarketRow({ market, now, device }: MarketRowProps) {
  const intl = useIntl();
  const format = useFormat();
  const { shown, more } = rowOptions(market.options, OPTIONS_PER_ROW[device]);
  const category = knownCategory(market.category);
  // A referral link's `?ref` needs no passing on: @prds/shared keeps it until the visitor's first buy.
  const to = paths.detail(market.id);
  const changed = useChangeHighlight(marketRowVersion(market), market.id);

  return (
    <RowLink to={to} className={changed} data-testid={`market-row-${market.id}`}>
      <div className="row-head">
        <MarketStateBadge market={market} data-testid="market-row-state" />
        {category !== null && <span data-testid="market-row-category">{intl.formatMessage(CATEGORY_LABEL[category])}</span>}
      </div>
      {/* Issuers write in any language: dir="auto" keeps an English event right inside an Arabic page. */}
      <p className="row-event" dir="auto" title={market.event ?? undefined}>
        <MarketEvent market={market} />
      </p>
      <ul className="row-options" aria-label={intl.formatMessage({ id: 'market.list.row.options' })}>
        {shown.map((option) => {
          return (
            <li key={option.index} className="row-option" data-testid={`market-row-option-${option.index}`}>
              <span className="row-option-name" dir="auto" data-testid="market-row-option-name">
                <OptionName option={option} />
              </span>{' '}
              <span className="row-option-figures">
                <span>
                  <Probability value={option.probability} />
                </span>
                <PayoutMultiplier option={option} data-testid={`market-row-multiplier-${option.index}`} />
              </span>
            </li>
          );
        })}
        {more > 0 && (
          <li className="row-more">
            <FormattedMessage id="market.list.row.moreOptions" values={{ count: more }} />
          </li>
        )}
      </ul>
      <p className="row-volume">
        <span className="row-label">
          <FormattedMessage id="market.list.row.volumeLabel" />
        </span>{' '}
        <span data-testid="market-row-volume">
          <FormattedMessage id="market.list.row.volume" values={{ amount: format.compact(fromUnits(market.volume)) }} />
        </span>
      </p>
      <p className="row-time" data-testid="market-row-countdown" data-last-trading-time={market.lastTradingTime}>
        <TradingEnds market={market} now={now} />
      </p>
    </RowLink>
  );
});
