import { FormattedMessage, fromUnits, PAY_TOKEN, useFormat } from '@prds/shared';

/** A pay-token amount in base units as '1,234.5678 USDT' (4 decimals, rounded down); '--' while unknown. */
export function Usdt({ units }: { units: string | bigint | null | undefined }) {
  const format = useFormat();
  if (units === null || units === undefined) return <>--</>;
  return (
    <FormattedMessage
      id="issue.amount"
      values={{ amount: format.amount(fromUnits(units.toString(), PAY_TOKEN.decimals)), symbol: PAY_TOKEN.symbol }}
    />
  );
}
