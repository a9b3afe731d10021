import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { formatAmount } from '@prds/shared/format';
import { useFormat } from '@prds/shared/format';
import { toBigNumber } from '@prds/shared/format';
import { Badge } from '@prds/shared/ui';
import { UserText } from '@prds/shared/ui';
import type { MarketOptionView, MarketSummary } from './marketApi';
import { MARKET_STATE_LABELS, isMarketLabelKey } from './marketStateLabels';

// What every page that shows a market (home shelves, market list and detail, portfolio) says the
// same way: an option's name, a probability, a countdown, the state badge.

/**
 * An option's text (issuer-written: UserText, so a long word wraps instead of widening the page;
 * `lines` cuts it with the whole text as tooltip), or 'Option N' while the metadata is not approved.
 */
export function OptionName({ option, lines }: { option: Pick<MarketOptionView, 'index' | 'label'>; lines?: number }) {
  if (option.label !== null) return <UserText text={option.label} lines={lines} />;
  return <FormattedMessage id="common.market.option" values={{ number: option.index + 1 }} />;
}

/** The event text (UserText, as OptionName), or 'Market #id' while the metadata is not approved. */
export function MarketEvent({ market, lines }: { market: Pick<MarketSummary, 'id' | 'event'>; lines?: number }) {
  if (market.event !== null) return <UserText text={market.event} lines={lines} />;
  return <FormattedMessage id="common.market.untitled" values={{ id: market.id }} />;
}

/**
 * The `count` most probable options, most probable first; options without a stake sort last, lower
 * index first on a tie. What a card or a row has room for.
 */
export function leadingOptions<T extends Pick<MarketOptionView, 'index' | 'probability'>>(
  options: readonly T[],
  count: number,
): T[] {
  const weight = (option: T) => toBigNumber(option.probability)?.toNumber() ?? -1;
  return [...options].sort((a, b) => weight(b) - weight(a) || a.index - b.index).slice(0, count);
}

/**
 * A 0..1 probability as a percentage with two decimals, rounded down like every figure, in the marks of
 * `locale`; null stays null.
 */
export function formatProbability(probability: string | null, locale: string): string | null {
  const n = toBigNumber(probability);
  return n === null ? null : formatAmount(n.shiftedBy(2), 2, locale);
}

/** '42.5%', or '--' while the option has no stake. */
export function Probability({ value }: { value: string | null }) {
  const { locale } = useFormat();
  const percent = formatProbability(value, locale);
  return percent === null ? <>--</> : <FormattedMessage id="common.market.percent" values={{ value: percent }} />;
}

const MINUTE = 60;
const HOUR = 3600;
const DAY = 24 * HOUR;

/** "in 5 hours" / "in 3 days" in the page's language. */
export function relativeTimeText(intl: IntlShape, secondsLeft: number): string {
  if (secondsLeft < HOUR) return intl.formatRelativeTime(Math.max(1, Math.floor(secondsLeft / MINUTE)), 'minute');
  if (secondsLeft < 2 * DAY) return intl.formatRelativeTime(Math.floor(secondsLeft / HOUR), 'hour');
  return intl.formatRelativeTime(Math.floor(secondsLeft / DAY), 'day');
}

export interface CountdownParts {
  readonly days: number;
  readonly hours: number;
  readonly minutes: number;
  readonly seconds: number;
}

/** Whole days, hours, minutes and seconds left (never negative). */
export function countdownParts(secondsLeft: number): CountdownParts {
  const left = Math.max(0, Math.floor(secondsLeft));
  return {
    days: Math.floor(left / DAY),
    hours: Math.floor((left % DAY) / HOUR),
    minutes: Math.floor((left % HOUR) / MINUTE),
    seconds: left % MINUTE,
  };
}

const two = (n: number) => String(n).padStart(2, '0');

/** '2d 03:04:05' until `target`, counted from chain time `now`. */
export function Countdown({ target, now }: { target: number; now: number }) {
  const { days, hours, minutes, seconds } = countdownParts(target - now);
  return (
    <FormattedMessage
      id="common.market.countdown"
      values={{ days, hours: two(hours), minutes: two(minutes), seconds: two(seconds) }}
    />
  );
}

/**
 * Chain time that keeps running: the api's `now` (chain time when it answered) plus the wall time
 * since. On BSC the two agree; on the devnet a test may have moved the chain's clock, and the
 * page must count from the chain's.
 */
export function useChainNow(apiNow: number, intervalMs = 1000): number {
  // Each tick remembers the api answer it counts from, so a new answer shows its own `now` at once.
  const [tick, setTick] = useState<{ readonly apiNow: number; readonly now: number } | null>(null);
  useEffect(() => {
    const start = Date.now();
    const timer = setInterval(() => {
      setTick({ apiNow, now: apiNow + Math.floor((Date.now() - start) / 1000) });
    }, intervalMs);
    return () => clearInterval(timer);
  }, [apiNow, intervalMs]);
  return tick !== null && tick.apiNow === apiNow ? tick.now : apiNow;
}

/** The spec §4 state label of a market as a badge (`label.option` named by its text). */
export function MarketStateBadge({
  market,
  'data-testid': testId,
}: {
  market: Pick<MarketSummary, 'label' | 'options'>;
  'data-testid'?: string;
}) {
  const { key, option } = market.label;
  if (!isMarketLabelKey(key)) return null;
  const { message, tone } = MARKET_STATE_LABELS[key];
  const named = market.options.find((o) => o.index === option);
  return (
    <Badge tone={tone} data-testid={testId} data-label={key}>
      {/* A badge is one line: a long option name is cut, whole in the tooltip. */}
      <FormattedMessage {...message} values={{ option: named ? <OptionName option={named} lines={1} /> : '' }} />
    </Badge>
  );
}

/**
 * 'Trading ends in 5 hours' / 'Trading ended Nov 29, 2026, 4:33 AM UTC', counted from chain time `now`; 'Trading
 * closed' for a market no longer open before its last trading time (confirmed early, void).
 */
export function TradingEnds({ market, now }: { market: Pick<MarketSummary, 'lastTradingTime' | 'state'>; now: number }) {
  const intl = useIntl();
  const format = useFormat();
  const secondsLeft = market.lastTradingTime - now;
  if (secondsLeft > 0 && market.state !== 'Open') return <FormattedMessage id="common.market.tradingClosed" />;
  return secondsLeft > 0 ? (
    <FormattedMessage id="common.market.closesIn" values={{ time: relativeTimeText(intl, secondsLeft) }} />
  ) : (
    <FormattedMessage id="common.market.closedOn" values={{ date: format.dateTime(market.lastTradingTime) }} />
  );
}
