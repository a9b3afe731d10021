import { Suspense, lazy } from 'react';
import { type HttpClient } from '@prds/shared/http';
import { styled } from '@prds/shared/theme';
import { useWallet } from '@prds/shared/wallet';

// Only a connected page has a bell: its code (the alerts' query, read state, notifications) loads then.
const AccountAlerts = lazy(() =>
  import(/* webpackChunkName: "alerts-bell" */ './AccountAlerts').then((m) => ({ default: m.AccountAlerts })),
);

/** Holds the bell's place while its code loads, so the header does not shift. */
const Placeholder = styled.span`
  width: 36px;
  height: 36px;
  flex-shrink: 0;
`;

/** The header's alerts: shown only with a connected wallet, one per account (its read state, its list). */
export function AlertsBell({ client }: { client?: HttpClient }) {
  const { account, isConnected } = useWallet();
  if (!isConnected || account === null) return null;
  return (
    <Suspense fallback={<Placeholder aria-hidden="true" />}>
      <AccountAlerts key={account.toLowerCase()} account={account} client={client} />
    </Suspense>
  );
}
