import { useState } from 'react';
import { useFormat } from '@prds/shared/format';
import { FormattedMessage, useIntl } from '@prds/shared/i18n';
import { styled } from '@prds/shared/theme';
import { Select, Skeleton, Button, useCopyText } from '@prds/shared/ui';
import {
  AddTokenButton,
  explorerAddressUrl,
  selectDevAccount,
  shortAddress,
  useUserInfo,
  useWallet,
  watchableTokens,
} from '@prds/shared/wallet';
import { balanceSymbols, formatBalance } from './balances';
import { devAccountLabel } from './devAccountLabel';
import { useDevAccounts } from './useDevAccounts';
import { WalletErrorText } from './WalletErrorText';

const Menu = styled.div<{ $inline: boolean }>`
  position: ${({ $inline }) => ($inline ? 'static' : 'absolute')};
  inset-inline-end: 0;
  top: calc(100% + 6px);
  z-index: 30;
  width: ${({ $inline }) => ($inline ? '100%' : '320px')};
  max-width: calc(100vw - 24px);
  margin-top: ${({ $inline, theme }) => ($inline ? theme.spacing.sm : '0')};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.sm};
  padding: ${({ theme }) => theme.spacing.md};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadow.raised};
`;

const Label = styled.div`
  font-size: ${({ theme }) => theme.font.size.xs};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Address = styled.code`
  display: block;
  font-family: ${({ theme }) => theme.font.mono};
  font-size: ${({ theme }) => theme.font.size.sm};
  overflow-wrap: anywhere;
`;

const Row = styled.div`
  display: flex;
  align-items: center;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.sm};
`;

const Note = styled.span<{ $tone: 'success' | 'danger' }>`
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme, $tone }) => theme.colors[$tone]};
`;

const ExplorerLink = styled.a`
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.colors.primary};
`;

const Balances = styled.dl`
  margin: 0;
  display: grid;
  grid-template-columns: auto 1fr;
  gap: ${({ theme }) => `${theme.spacing.xs} ${theme.spacing.md}`};
  padding: ${({ theme }) => theme.spacing.sm};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceAlt};

  dt {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.font.size.sm};
  }

  dd {
    margin: 0;
    text-align: end;
    font-variant-numeric: tabular-nums;
    font-weight: ${({ theme }) => theme.font.weight.medium};
    display: flex;
    justify-content: flex-end;
  }
`;

const BalanceError = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.spacing.sm};
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.colors.danger};
`;

const TokenButtons = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.xs};
`;

function sameAddress(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

/** The connected wallet's popover: address, copy, explorer, balances, add our tokens to the wallet, dev account, disconnect. */
export function WalletMenu({ inline, onDisconnect }: { inline: boolean; onDisconnect: () => void }) {
  const intl = useIntl();
  const format = useFormat();
  const { account, chainId, connectorId, desiredChainId, disconnect, error, isConnected } = useWallet();
  const funds = useUserInfo({ select: (info) => info.fundData });
  const copy = useCopyText({ resetAfterMs: 2000 });
  const [disconnecting, setDisconnecting] = useState(false);
  const isDev = connectorId === 'dev';
  const dev = useDevAccounts(desiredChainId, isDev);

  if (account === null) return null;
  const devAccounts = dev.state.status === 'ready' ? dev.state.accounts : [];
  const explorer = explorerAddressUrl(chainId, account);

  return (
    <Menu
      id="wallet-menu"
      data-testid="wallet-menu"
      $inline={inline}
      role="group"
      aria-label={intl.formatMessage({ id: 'host.wallet.menuLabel' })}
    >
      <div>
        <Label>
          <FormattedMessage id="host.wallet.address" />
        </Label>
        <Address data-testid="wallet-address">{account}</Address>
      </div>
      <Row>
        <Button variant="secondary" size="sm" data-testid="wallet-copy" onClick={() => void copy.copy(account)}>
          <FormattedMessage id="host.wallet.copy" />
        </Button>
        {copy.state === 'copied' && (
          <Note $tone="success" role="status" data-testid="wallet-copied">
            <FormattedMessage id="host.wallet.copied" />
          </Note>
        )}
        {copy.state === 'failed' && (
          <Note $tone="danger" role="alert" data-testid="wallet-copy-failed">
            <FormattedMessage id="host.wallet.copyFailed" />
          </Note>
        )}
        {explorer && (
          <ExplorerLink href={explorer} target="_blank" rel="noopener noreferrer" data-testid="wallet-explorer">
            <FormattedMessage id="host.wallet.explorer" />
          </ExplorerLink>
        )}
      </Row>

      <div>
        <Label>
          <FormattedMessage id="host.wallet.balances" />
        </Label>
        {funds.error ? (
          <BalanceError role="alert" data-testid="wallet-balances-error">
            <FormattedMessage id="host.wallet.balancesError" />
            <Button variant="secondary" size="sm" onClick={funds.refetch}>
              <FormattedMessage id="common.retry" />
            </Button>
          </BalanceError>
        ) : (
          <Balances aria-busy={funds.isLoading || undefined}>
            {balanceSymbols(desiredChainId).map((symbol) => (
              <div key={symbol} style={{ display: 'contents' }}>
                <dt>{symbol}</dt>
                <dd data-testid={`wallet-balance-${symbol}`}>
                  {funds.isLoading ? <Skeleton width="4em" /> : formatBalance(funds.data, symbol, format)}
                </dd>
              </div>
            ))}
          </Balances>
        )}
      </div>

      {isConnected && (
        // Our tokens are invisible in the wallet until it lists them (EIP-747); on the desired chain only,
        // where their addresses are the ones the wallet will watch.
        <div>
          <Label>
            <FormattedMessage id="host.wallet.addTokens" />
          </Label>
          <TokenButtons>
            {watchableTokens(desiredChainId).map((token) => (
              <AddTokenButton key={token} token={token} size="sm" data-testid={`wallet-add-token-${token}`} />
            ))}
          </TokenButtons>
        </div>
      )}

      {isDev && (
        <div>
          <Label id="wallet-dev-account-label">
            <FormattedMessage id="host.wallet.devAccount" />
          </Label>
          <Select
            aria-labelledby="wallet-dev-account-label"
            data-testid="wallet-dev-account"
            value={devAccounts.find((address) => sameAddress(address, account)) ?? account}
            disabled={dev.state.status !== 'ready'}
            onChange={(event) => void selectDevAccount(event.target.value)}
          >
            {!devAccounts.some((address) => sameAddress(address, account)) && (
              <option value={account}>{shortAddress(account)}</option>
            )}
            {devAccounts.map((address, index) => (
              <option key={address} value={address}>
                {devAccountLabel(index, address, shortAddress)}
              </option>
            ))}
          </Select>
          {dev.state.status === 'error' && (
            <Note $tone="danger">
              <FormattedMessage id="wallet.error.devUnavailable" />
            </Note>
          )}
        </div>
      )}

      {error && <WalletErrorText error={error} />}

      <Button
        variant="secondary"
        block
        data-testid="wallet-disconnect"
        loading={disconnecting}
        onClick={() => {
          setDisconnecting(true);
          void disconnect().finally(() => {
            setDisconnecting(false);
            onDisconnect();
          });
        }}
      >
        <FormattedMessage id="host.wallet.disconnect" />
      </Button>
    </Menu>
  );
}
