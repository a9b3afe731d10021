import { useState } from 'react';
import { Button, FormattedMessage, styled, useWallet } from '@prds/shared';
import { WalletErrorText } from './WalletErrorText';

const Stack = styled.div`
  display: flex;
  flex-direction: column;
`;

const Banner = styled.div<{ $tone: 'warning' | 'danger' }>`
  border-bottom: 1px solid ${({ theme, $tone }) => `color-mix(in srgb, ${theme.colors[$tone]} 40%, transparent)`};
  background: ${({ theme, $tone }) => `color-mix(in srgb, ${theme.colors[$tone]} 12%, ${theme.colors.surface})`};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const Inner = styled.div`
  max-width: 12.8rem;
  margin: 0 auto;
  padding: ${({ theme }) => `${theme.spacing.sm} ${theme.spacing.md}`};
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => `${theme.spacing.xs} ${theme.spacing.md}`};

  @media ${({ theme }) => theme.breakpoints.tablet} {
    padding: ${({ theme }) => `${theme.spacing.sm} ${theme.spacing.lg}`};
  }
`;

const Text = styled.p`
  flex: 1 1 16em;
  margin: 0;
  overflow-wrap: anywhere;
`;

const ErrorRow = styled.div`
  flex-basis: 100%;
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
        <Banner $tone="warning" role="alert" data-testid="wrong-network">
          <Inner>
            <Text>
              <FormattedMessage id="host.wallet.wrongNetwork" values={{ chain }} />
            </Text>
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
              <ErrorRow>
                <WalletErrorText error={error} testId="wrong-network-error" />
              </ErrorRow>
            )}
          </Inner>
        </Banner>
      )}
      {!isAvailable && (
        <Banner $tone="danger" role="status" data-testid="not-available">
          <Inner>
            <Text>
              <strong>{chain}</strong>
              {': '}
              <FormattedMessage id="wallet.notAvailable" values={{ chain }} />
            </Text>
          </Inner>
        </Banner>
      )}
    </Stack>
  );
}
