import { useIntl } from 'react-intl';
import { PAY_TOKEN } from '@prds/shared/chains';
import { toBigNumber } from '@prds/shared/format';
import { formatAmount } from '@prds/shared/format';
import { useFormat } from '@prds/shared/format';
import type { MarketOptionView } from './marketApi';

/**
 * The payout multiplier as every page shows it (market list row, home card, the detail page's options
 * and buy form): the api's `payoutMultiplier` — the odds net of the buy fee, what one token paid now
 * returns if the option wins at the current pool (@prds/contracts/pricing) — with two decimals,
 * rounded down like every figure, in the marks of `locale`: '1.633333' → '1.63' ('1,63' in German).
 * Null while the option has no stake.
 */
export function formatMultiplier(payoutMultiplier: string | null, locale: string): string | null {
  const value = toBigNumber(payoutMultiplier);
  return value === null ? null : formatAmount(value, 2, locale);
}

/** '×1.63', with what it means as its tooltip; nothing while the option has no stake. */
export function PayoutMultiplier({
  option,
  'data-testid': testId,
}: {
  option: Pick<MarketOptionView, 'payoutMultiplier'>;
  'data-testid'?: string;
}) {
  const intl = useIntl();
  const { locale } = useFormat();
  const value = formatMultiplier(option.payoutMultiplier, locale);
  if (value === null) return null;
  return (
    <span
      data-testid={testId}
      data-value={option.payoutMultiplier}
      title={intl.formatMessage({ id: 'common.market.multiplierHint' }, { value, symbol: PAY_TOKEN.symbol })}
    >
      {intl.formatMessage({ id: 'common.market.multiplier' }, { value })}
    </span>
  );
}
