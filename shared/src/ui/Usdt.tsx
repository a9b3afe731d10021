import { FormattedMessage } from 'react-intl';
import { PAY_TOKEN } from '@prds/shared/chains';
import { fromUnits } from '@prds/shared/format';
import { useFormat } from '@prds/shared/format';

/** A pay-token amount in base units (wei) as '1,234.5678 USDT' (4 decimals, rounded down); '--' while unknown. */
export function Usdt({ wei }: { wei: string | bigint | null | undefined }) {
  const format = useFormat();
  if (wei === null || wei === undefined) return <>--</>;
  return (
    <FormattedMessage
      id="common.amount"
      values={{ amount: format.amount(fromUnits(wei.toString(), PAY_TOKEN.decimals)), symbol: PAY_TOKEN.symbol }}
    />
  );
}
