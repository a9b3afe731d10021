import { FormattedMessage, PAY_TOKEN, formatAmount, fromUnits } from '@prds/shared';

/** A pay-token amount in base units as '1,234.5678 USDT' (4 decimals, rounded down); '--' while unknown. */
export function Usdt({ units }: { units: string | bigint | null | undefined }) {
  if (units === null || units === undefined) return <>--</>;
  return (
    <FormattedMessage
      id="issue.amount"
      values={{ amount: formatAmount(fromUnits(units.toString(), PAY_TOKEN.decimals)), symbol: PAY_TOKEN.symbol }}
    />
  );
}
