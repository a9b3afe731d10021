import { useCallback, useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from '@prds/shared/i18n';
import { useAtomValue } from '@prds/shared/state';
import { styled } from '@prds/shared/theme';
import { Button, FOCUSABLE_SELECTOR, Modal, Muted, Select, Spinner } from '@prds/shared/ui';
import {
  cancelWalletConnect,
  connectWallet,
  discoverWallets,
  isDevWalletAvailable,
  isWalletConnectAvailable,
  shortAddress,
  useWallet,
  walletConnectUriAtom,
  type WalletChoice,
  type WalletOption,
} from '@prds/shared/wallet';
import { useMediaQuery } from '../layout/useMediaQuery';
import { devAccountLabel } from './devAccountLabel';
import { useDevAccounts } from './useDevAccounts';
import { WalletErrorText } from './WalletErrorText';
import { WalletConnectPairing } from './walletconnect/WalletConnectPairing';

export const METAMASK_DOWNLOAD_URL = 'https://metamask.io/download/';

/** Where the dialog lists phone wallets to open instead of a QR code to scan (the phone layout's width). */
const PHONE_QUERY = '(max-width: 767px)';

const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.sm};
`;

const SectionTitle = styled.h3`
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: ${({ theme }) => theme.font.weight.medium};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Loading = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const OptionIcon = styled.img`
  width: 1.4em;
  height: 1.4em;
  border-radius: ${({ theme }) => theme.radii.sm};
`;

const NoWallet = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.xs};
  padding: ${({ theme }) => theme.spacing.md};
  border: 1px dashed ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};

  a {
    color: ${({ theme }) => theme.colors.primary};
    font-weight: ${({ theme }) => theme.font.weight.medium};
  }
`;

type Discovery = { status: 'loading' } | { status: 'ready'; options: readonly WalletOption[] } | { status: 'error' };

function injectedChoice(option: WalletOption): WalletChoice {
  return option.rdns ? { kind: 'injected', rdns: option.rdns } : { kind: 'injected' };
}

/**
 * The connect dialog: the browser's wallets (EIP-6963 and legacy window.ethereum), 'install MetaMask
 * first!' when there is none, WalletConnect where the build has a project id (QR code on a desktop,
 * phone wallets on a phone), and on the devnet build the dev wallet. Opening it is the first thing
 * that loads the wallet chunk; WalletConnect's code loads only when it is chosen.
 */
export function ConnectDialog({ onClose, onConnected }: { onClose: () => void; onConnected: () => void }) {
  const intl = useIntl();
  const { desiredChainId, status, error } = useWallet();
  const optionsRef = useRef<HTMLDivElement>(null);
  const [attempt, setAttempt] = useState(0);
  // What each discovery attempt found; a new attempt reads 'loading' until its own answer.
  const [found, setFound] = useState<{ readonly attempt: number; readonly discovery: Discovery } | null>(null);
  const discovery: Discovery = found !== null && found.attempt === attempt ? found.discovery : { status: 'loading' };
  const setDiscovery = useCallback((next: Discovery) => setFound({ attempt, discovery: next }), [attempt]);
  const [pending, setPending] = useState<string | null>(null);
  const devOffered = isDevWalletAvailable(desiredChainId);
  const walletConnectOffered = isWalletConnectAvailable();
  const pairingUri = useAtomValue(walletConnectUriAtom);
  const phone = useMediaQuery(PHONE_QUERY);
  const dev = useDevAccounts(desiredChainId, devOffered);
  const [chosenDevAccount, setDevAccount] = useState('');
  /** Whether a WalletConnect pairing is shown (read by effects that must not disturb it). */
  const pairingRef = useRef(false);
  // The chosen dev account while the node still lists it, else the node's first.
  const devAccounts = dev.state.status === 'ready' ? dev.state.accounts : [];
  const devAccount = devAccounts.includes(chosenDevAccount) ? chosenDevAccount : (devAccounts[0] ?? '');

  useEffect(() => {
    let current = true;
    discoverWallets().then(
      (options) => {
        if (current) setDiscovery({ status: 'ready', options });
      },
      () => {
        if (current) setDiscovery({ status: 'error' });
      },
    );
    return () => {
      current = false;
    };
  }, [setDiscovery]);

  // The dialog takes the focus at once (Modal); the first option once the wallets are known.
  useEffect(() => {
    // Not while a pairing shows: the user already chose, and its Cancel holds the focus.
    if (discovery.status === 'loading' || pairingRef.current) return;
    const first = optionsRef.current?.querySelector<HTMLElement>(FOCUSABLE_SELECTOR);
    first?.focus();
  }, [discovery.status]);

  const connecting = status === 'connecting' && pending !== null;
  const pairing = pending === 'walletconnect';

  // Closing the dialog while a phone has not answered stops the wait (no error: the user chose to).
  useEffect(() => {
    pairingRef.current = pairing;
  }, [pairing]);
  useEffect(
    () => () => {
      if (pairingRef.current) void cancelWalletConnect();
    },
    [],
  );
  // The button that started the pairing gives way to the pairing panel: the focus goes to its Cancel,
  // not to <body>.
  useEffect(() => {
    if (pairing) optionsRef.current?.querySelector<HTMLElement>('[data-testid="walletconnect-cancel"]')?.focus();
  }, [pairing]);

  const choose = async (id: string, choice: WalletChoice) => {
    setPending(id);
    try {
      const ok = await connectWallet(choice);
      if (ok) onConnected();
    } catch {
      // The wallet chunk failed to load; the error line below offers another try.
      setDiscovery({ status: 'error' });
    } finally {
      setPending(null);
    }
  };

  return (
    <Modal
      title={<FormattedMessage id="host.wallet.dialogTitle" />}
      onClose={onClose}
      data-testid="wallet-dialog"
      closeTestId="wallet-dialog-close"
    >
      <div ref={optionsRef} style={{ display: 'contents' }}>
        <Section aria-busy={discovery.status === 'loading' || undefined}>
          <SectionTitle>
            <FormattedMessage id="host.wallet.browserWallets" />
          </SectionTitle>
          {discovery.status === 'loading' && (
            <Loading data-testid="wallet-discovering">
              <Spinner label={intl.formatMessage({ id: 'host.wallet.searching' })} />
              <FormattedMessage id="host.wallet.searching" />
            </Loading>
          )}
          {discovery.status === 'error' && (
            <Loading>
              <FormattedMessage id="common.error.unknown" />
              <Button variant="secondary" size="sm" onClick={() => setAttempt((n) => n + 1)}>
                <FormattedMessage id="common.retry" />
              </Button>
            </Loading>
          )}
          {discovery.status === 'ready' &&
            discovery.options.map((option, index) => (
              <Button
                key={option.id}
                variant="secondary"
                block
                data-testid={`wallet-option-injected-${index}`}
                loading={connecting && pending === option.id}
                disabled={connecting}
                onClick={() => void choose(option.id, injectedChoice(option))}
              >
                {option.icon && <OptionIcon src={option.icon} alt="" />}
                {option.name}
              </Button>
            ))}
          {discovery.status === 'ready' && discovery.options.length === 0 && (
            <NoWallet data-testid="wallet-no-injected">
              <span>
                <FormattedMessage id="wallet.installMetaMask" />
              </span>
              <a href={METAMASK_DOWNLOAD_URL} target="_blank" rel="noopener noreferrer" data-testid="wallet-install-metamask">
                <FormattedMessage id="host.wallet.getMetaMask" />
              </a>
            </NoWallet>
          )}
        </Section>

        {walletConnectOffered && (
          <Section data-testid="wallet-walletconnect-section">
            <SectionTitle>
              <FormattedMessage id="host.wallet.walletConnectTitle" />
            </SectionTitle>
            <Muted>
              <FormattedMessage id="host.wallet.walletConnectIntro" />
            </Muted>
            {pairing ? (
              <>
                <WalletConnectPairing uri={pairingUri} phone={phone} />
                <Button variant="secondary" block data-testid="walletconnect-cancel" onClick={() => void cancelWalletConnect()}>
                  <FormattedMessage id="host.wallet.walletConnectCancel" />
                </Button>
              </>
            ) : (
              <Button
                variant="secondary"
                block
                data-testid="wallet-option-walletconnect"
                disabled={connecting}
                onClick={() => void choose('walletconnect', { kind: 'walletconnect' })}
              >
                <FormattedMessage id="host.wallet.walletConnectConnect" />
              </Button>
            )}
          </Section>
        )}

        {devOffered && (
          <Section data-testid="wallet-dev-section">
            <SectionTitle>
              <FormattedMessage id="host.wallet.devTitle" />
            </SectionTitle>
            <Muted>
              <FormattedMessage id="host.wallet.devIntro" />
            </Muted>
            {dev.state.status === 'loading' && (
              <Loading>
                <Spinner size="1em" />
                <FormattedMessage id="common.loading" />
              </Loading>
            )}
            {dev.state.status === 'error' && (
              <Loading>
                <FormattedMessage id="wallet.error.devUnavailable" />
                <Button variant="secondary" size="sm" onClick={dev.reload}>
                  <FormattedMessage id="common.retry" />
                </Button>
              </Loading>
            )}
            <Select
              data-testid="dev-wallet-account"
              aria-label={intl.formatMessage({ id: 'host.wallet.devAccount' })}
              value={devAccount}
              disabled={dev.state.status !== 'ready' || dev.state.accounts.length === 0}
              onChange={(event) => setDevAccount(event.target.value)}
            >
              {dev.state.status === 'ready' &&
                dev.state.accounts.map((account, index) => (
                  <option key={account} value={account}>
                    {devAccountLabel(index, account, shortAddress)}
                  </option>
                ))}
            </Select>
            <Button
              block
              data-testid="wallet-option-dev"
              loading={connecting && pending === 'dev'}
              disabled={connecting || devAccount === ''}
              onClick={() => void choose('dev', { kind: 'dev', account: devAccount })}
            >
              <FormattedMessage id="host.wallet.devConnect" />
            </Button>
          </Section>
        )}
      </div>

      {error && <WalletErrorText error={error} />}
    </Modal>
  );
}
