import { FormattedMessage, fromUnits, PAY_TOKEN, useFormat } from '@prds/shared';

/** A pay-token amount in wei as '1,234.5678 USDT' (4 decimals, rounded down). */
export function Usdt({ wei }: { wei: string | bigint | null }) {
  const format = useFormat();
  if (wei === null) return <>--</>;
  return (
    <FormattedMessage
      id="market.detail.amount"
      values={{ amount: format.amount(fromUnits(wei.toString(), PAY_TOKEN.decimals)), symbol: PAY_TOKEN.symbol }}
    />
  );
}
