import { FormattedMessage } from '@prds/shared/i18n';
import { styled } from '@prds/shared/theme';
import { Button, Muted } from '@prds/shared/ui';
import { useWallet } from '@prds/shared/wallet';

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.sm};
`;

/**
 * What stands between the page and a transaction: no wallet (connect in the header), or a wallet on
 * another network (switch). Null when connected.
 */
export function WalletNotice({ testId = 'license-connect' }: { testId?: string }) {
  const wallet = useWallet();
  if (wallet.isConnected) return null;
  if (wallet.isWrongNetwork) {
    return (
      <Row data-testid={`${testId}-wrong-network`}>
        <Muted>
          <FormattedMessage id="license.wrongNetwork" values={{ chain: wallet.desiredChain.chainName }} />
        </Muted>
        <Button variant="secondary" size="sm" onClick={() => void wallet.switchNetwork()}>
          <FormattedMessage id="license.switchNetwork" />
        </Button>
      </Row>
    );
  }
  return (
    <Muted data-testid={testId}>
      <FormattedMessage id="license.connect" />
    </Muted>
  );
}
