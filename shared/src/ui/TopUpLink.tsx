import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router-dom';
import { PAY_TOKEN } from '@prds/shared/chains';
import { paths } from '@prds/shared/routes';

/**
 * The way forward from 'Insufficient balance': /deposit, which has the faucet on the devnet and the
 * deposit address and bridge routes on BSC. Shown beside every such message so it is never a dead end.
 */
export function TopUpLink({ symbol = PAY_TOKEN.symbol }: { readonly symbol?: string }) {
  return (
    <Link to={paths.deposit()} data-testid="top-up-link">
      <FormattedMessage id="common.topUp" values={{ symbol }} />
    </Link>
  );
}
