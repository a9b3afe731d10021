import { FormattedMessage, PAY_TOKEN, formatAmount, fromUnits } from '@prds/shared';

/** A pay-token amount in wei as '1,234.5678 USDT' (4 decimals, rounded down); '--' while unknown. */
export function Usdt({ wei }: { wei: string | bigint | null }) {
  if (wei === null) return <>--</>;
  return (
    <FormattedMessage
      id="license.amount"
      values={{ amount: formatAmount(fromUnits(wei.toString(), PAY_TOKEN.decimals)), symbol: PAY_TOKEN.symbol }}
    />
  );
}
