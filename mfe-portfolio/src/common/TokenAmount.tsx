import { PAY_TOKEN } from '@prds/shared/chains';
import { useFormat } from '@prds/shared/format';
import { FormattedMessage } from '@prds/shared/i18n';
import { styled } from '@prds/shared/theme';
import { compactAmount, exactAmount, signOf, tokenAmount, type Wei } from './amounts';

const Value = styled.span<{ $tone: -1 | 0 | 1 }>`
  font-variant-numeric: tabular-nums;
  white-space: nowrap;
  /* '460 USDT' and '6.43K USDT' read alike in a right-to-left page too (no bidi reordering of the parts). */
  direction: ltr;
  unicode-bidi: isolate;
  color: ${({ $tone, theme }) => ($tone > 0 ? theme.colors.success : $tone < 0 ? theme.colors.danger : 'inherit')};
`;

export interface TokenAmountProps {
  readonly wei: Wei | null;
  readonly symbol?: string;
  readonly decimals?: number;
  /** K / M / B with 2 decimals (headline figures); 4 decimals otherwise. */
  readonly compact?: boolean;
  /** Colours gains and losses (profit). */
  readonly signed?: boolean;
  readonly 'data-testid'?: string;
}

/**
 * A token amount as the page shows it ('1,234.5678 USDT', or '1.23K USDT' in a headline), rounded
 * down; the exact amount is its tooltip and its `data-value` (wei) what tests compare with the chain.
 */
export function TokenAmount({
  wei,
  symbol = PAY_TOKEN.symbol,
  decimals = PAY_TOKEN.decimals,
  compact = false,
  signed = false,
  'data-testid': testId,
}: TokenAmountProps) {
  const format = useFormat();
  if (wei === null) return <span data-testid={testId}>--</span>;
  const amount = compact ? compactAmount(wei, format, decimals) : tokenAmount(wei, format, decimals);
  return (
    <Value
      $tone={signed ? signOf(wei) : 0}
      title={`${exactAmount(wei, decimals)} ${symbol}`}
      data-testid={testId}
      data-value={wei.toString()}
    >
      <FormattedMessage id="portfolio.amount" values={{ amount, symbol }} />
    </Value>
  );
}
