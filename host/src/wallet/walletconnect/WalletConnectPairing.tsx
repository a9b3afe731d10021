import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from '@prds/shared/i18n';
import { styled } from '@prds/shared/theme';
import { Button, Muted, QrCode, Spinner } from '@prds/shared/ui';
import { MOBILE_WALLETS, walletDeepLink } from './mobileWallets';

/** QR size in CSS px: scannable from a laptop screen, inside the dialog at 320 px. */
const QR_SIZE = 240;

const Panel = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.sm};
  padding: ${({ theme }) => theme.spacing.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  text-align: center;
`;

const QrFrame = styled.div`
  width: min(${QR_SIZE}px, 100%);
  aspect-ratio: 1;
  display: grid;
  place-items: center;

  svg {
    width: 100%;
    height: auto;
  }
`;

const WalletList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  width: 100%;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.xs};
`;

const WalletLink = styled.a`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.sm};
  min-height: 2.75em;
  padding: ${({ theme }) => `${theme.spacing.xs} ${theme.spacing.md}`};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  color: ${({ theme }) => theme.colors.text};
  font-weight: ${({ theme }) => theme.font.weight.medium};
  text-decoration: none;

  &:hover,
  &:focus-visible {
    border-color: ${({ theme }) => theme.colors.primary};
  }

  img {
    width: 1.75em;
    height: 1.75em;
    border-radius: ${({ theme }) => theme.radii.sm};
  }
`;

const Waiting = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

type CopyState = 'idle' | 'copied' | 'failed';

/**
 * A WalletConnect pairing while it waits for the phone: on a desktop its URI as a QR code to scan, on a
 * phone the wallet apps that open it; on both a button that copies it (to paste into a wallet).
 */
export function WalletConnectPairing({ uri, phone }: { uri: string | null; phone: boolean }) {
  const intl = useIntl();
  const [copy, setCopy] = useState<{ uri: string; state: CopyState } | null>(null);
  const copyTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (copyTimer.current) clearTimeout(copyTimer.current);
    },
    [],
  );
  const copyState: CopyState = copy !== null && copy.uri === uri ? copy.state : 'idle';

  if (uri === null) {
    return (
      <Panel data-testid="walletconnect-pairing" aria-busy="true">
        <Waiting>
          <Spinner size="1em" />
          <FormattedMessage id="common.loading" />
        </Waiting>
      </Panel>
    );
  }

  const onCopy = async () => {
    if (copyTimer.current) clearTimeout(copyTimer.current);
    try {
      if (!navigator.clipboard) throw new Error('clipboard unavailable');
      await navigator.clipboard.writeText(uri);
      setCopy({ uri, state: 'copied' });
    } catch {
      setCopy({ uri, state: 'failed' });
    }
    copyTimer.current = setTimeout(() => setCopy(null), 2000);
  };

  return (
    <Panel data-testid="walletconnect-pairing" data-walletconnect-uri={uri}>
      {phone ? (
        <>
          <Muted>
            <FormattedMessage id="host.wallet.walletConnectChooseApp" />
          </Muted>
          <WalletList data-testid="walletconnect-wallets">
            {MOBILE_WALLETS.map((wallet) => (
              <li key={wallet.id}>
                <WalletLink href={walletDeepLink(wallet, uri)} data-testid={`walletconnect-wallet-${wallet.id}`}>
                  <img src={wallet.icon} alt="" />
                  {wallet.name}
                </WalletLink>
              </li>
            ))}
          </WalletList>
        </>
      ) : (
        <>
          <Muted>
            <FormattedMessage id="host.wallet.walletConnectScan" />
          </Muted>
          <QrFrame>
            <QrCode
              text={uri}
              size={QR_SIZE}
              label={intl.formatMessage({ id: 'host.wallet.walletConnectQrLabel' })}
              data-testid="walletconnect-qr"
            />
          </QrFrame>
        </>
      )}
      <Button variant="secondary" size="sm" data-testid="walletconnect-copy" onClick={() => void onCopy()}>
        <FormattedMessage id="host.wallet.walletConnectCopy" />
      </Button>
      <span role="status" aria-live="polite" data-testid="walletconnect-copy-status">
        {copyState === 'copied' && <FormattedMessage id="host.wallet.copied" />}
        {copyState === 'failed' && <FormattedMessage id="host.wallet.walletConnectCopyFailed" />}
      </span>
      <Waiting>
        <Spinner size="1em" />
        <FormattedMessage id="host.wallet.walletConnectWaiting" />
      </Waiting>
    </Panel>
  );
}
