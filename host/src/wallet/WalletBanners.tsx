import { useState } from 'react';
import { FormattedMessage } from '@prds/shared/i18n';
import { styled } from '@prds/shared/theme';
import { Button } from '@prds/shared/ui';
import { useWallet } from '@prds/shared/wallet';
import { WalletErrorText } from './WalletErrorText';
import { Banner, BannerRow, BannerText } from '../layout/Banner';

const Stack = styled.div`
  display: flex;
  flex-direction: column;
`;

/**
 * Under the header: the wallet is on another chain than the page wants (with a switch button; a
 * refusal changes nothing), or the page's chain has no deployment of ours.
 */
export function WalletBanners() {
  const { isWrongNetwork, isAvailable, desiredChain, switchNetwork, error } = useWallet();
  const [switching, setSwitching] = useState(false);
  const [attempted, setAttempted] = useState(false);
  if (!isWrongNetwork && isAvailable) return null;
  const chain = desiredChain.chainName;
  return (
    <Stack>
      {isWrongNetwork && (
        <Banner tone="warning" role="alert" testId="wrong-network">
          <BannerText>
            <FormattedMessage id="host.wallet.wrongNetwork" values={{ chain }} />
          </BannerText>
          <Button
            size="sm"
            data-testid="wrong-network-switch"
            loading={switching}
            onClick={() => {
              setSwitching(true);
              setAttempted(true);
              void switchNetwork()
                .catch(() => undefined)
                .finally(() => setSwitching(false));
            }}
          >
            <FormattedMessage id="host.wallet.switchTo" values={{ chain }} />
          </Button>
          {attempted && !switching && error && (
            <BannerRow>
              <WalletErrorText error={error} testId="wrong-network-error" />
            </BannerRow>
          )}
        </Banner>
      )}
      {!isAvailable && (
        <Banner tone="danger" role="status" testId="not-available">
          <BannerText>
            <strong>{chain}</strong>
            {': '}
            <FormattedMessage id="wallet.notAvailable" values={{ chain }} />
          </BannerText>
        </Banner>
      )}
    </Stack>
  );
}
