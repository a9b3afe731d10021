import { Suspense, lazy, useCallback, useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from '@prds/shared/i18n';
import { useAtom, useSetAtom } from '@prds/shared/state';
import { styled } from '@prds/shared/theme';
import { Button } from '@prds/shared/ui';
import { shortAddress, useWallet } from '@prds/shared/wallet';
import { connectDialogOpenAtom, focusAfterConnectAtom } from './walletDialog';

// The menu's code loads on the first click, not with every page.
const WalletMenu = lazy(() =>
  import(/* webpackChunkName: "wallet-menu" */ './WalletMenu').then((m) => ({ default: m.WalletMenu })),
);

const Anchor = styled.div<{ $block: boolean }>`
  position: relative;
  width: ${({ $block }) => ($block ? '100%' : 'auto')};
`;

const AccountButton = styled.button<{ $block: boolean }>`
  display: ${({ $block }) => ($block ? 'flex' : 'inline-flex')};
  width: ${({ $block }) => ($block ? '100%' : 'auto')};
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.spacing.xs};
  height: 36px;
  padding: 0 ${({ theme }) => theme.spacing.sm};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font-family: ${({ theme }) => theme.font.mono};
  font-size: 13px;
  white-space: nowrap;
  cursor: pointer;

  &:hover {
    background: ${({ theme }) => theme.colors.surfaceAlt};
  }
`;

const Dot = styled.span<{ $tone: 'success' | 'warning' | 'textMuted' }>`
  width: 8px;
  height: 8px;
  flex: none;
  border-radius: 50%;
  background: ${({ theme, $tone }) => theme.colors[$tone]};
`;

/**
 * The header's wallet control: 'Connect wallet' (opens the connect dialog) or, with an account, the
 * short address with a status dot (opens the wallet menu).
 */
export function WalletButton({ block = false }: { block?: boolean }) {
  const intl = useIntl();
  const { account, isConnected, isWrongNetwork } = useWallet();
  const setDialogOpen = useSetAtom(connectDialogOpenAtom);
  // The menu belongs to the account it was opened for: another account (or none) closes it.
  const [menuAccount, setMenuAccount] = useState<string | null>(null);
  const menuOpen = account !== null && menuAccount === account;
  const setMenuOpen = useCallback((open: boolean) => setMenuAccount(open ? account : null), [account]);
  const anchorRef = useRef<HTMLDivElement>(null);
  const accountRef = useRef<HTMLButtonElement>(null);

  // An account appearing closes the connect dialog.
  useEffect(() => {
    if (account !== null) setDialogOpen(false);
  }, [account, setDialogOpen]);

  // Connected from the dialog: the account button that replaced 'Connect wallet' takes the focus
  // (whichever comes first, the account or the dialog's answer).
  const [focusAfterConnect, setFocusAfterConnect] = useAtom(focusAfterConnectAtom);
  useEffect(() => {
    if (!focusAfterConnect || accountRef.current === null) return;
    accountRef.current.focus();
    setFocusAfterConnect(false);
  }, [focusAfterConnect, account, setFocusAfterConnect]);

  useEffect(() => {
    if (!menuOpen) return undefined;
    const onPointer = (event: MouseEvent | TouchEvent) => {
      if (anchorRef.current && event.target instanceof Node && !anchorRef.current.contains(event.target)) setMenuOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setMenuOpen(false);
        accountRef.current?.focus();
      }
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('touchstart', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('touchstart', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [menuOpen, setMenuOpen]);

  if (account === null) {
    return (
      <div data-testid="wallet-slot" style={block ? { width: '100%' } : undefined}>
        <Button size="sm" block={block} data-testid="wallet-connect" aria-haspopup="dialog" onClick={() => setDialogOpen(true)}>
          <FormattedMessage id="host.wallet.connect" />
        </Button>
      </div>
    );
  }

  const tone = isConnected ? 'success' : isWrongNetwork ? 'warning' : 'textMuted';
  return (
    <Anchor ref={anchorRef} $block={block} data-testid="wallet-slot">
      <AccountButton
        ref={accountRef}
        type="button"
        $block={block}
        data-testid="wallet-account"
        data-status={isConnected ? 'connected' : isWrongNetwork ? 'wrongNetwork' : 'pending'}
        aria-haspopup="true"
        aria-expanded={menuOpen}
        aria-controls={menuOpen ? 'wallet-menu' : undefined}
        title={intl.formatMessage({ id: isConnected ? 'host.wallet.statusConnected' : 'host.wallet.statusWrongNetwork' })}
        onClick={() => setMenuOpen(!menuOpen)}
      >
        <Dot $tone={tone} aria-hidden="true" />
        <span>{shortAddress(account)}</span>
      </AccountButton>
      {menuOpen && (
        <Suspense fallback={null}>
          <WalletMenu inline={block} onDisconnect={() => setMenuOpen(false)} />
        </Suspense>
      )}
    </Anchor>
  );
}
