import { Suspense, lazy } from 'react';
import { atom, useAtom, useSetAtom } from '@prds/shared/state';
import { connectDialogOpenAtom } from '@prds/shared/wallet';

// The dialog's code loads when it is first opened, not with every page.
const ConnectDialog = lazy(() =>
  import(/* webpackChunkName: "wallet-dialog" */ './ConnectDialog').then((m) => ({ default: m.ConnectDialog })),
);

/**
 * Whether the connect dialog is open (in @prds/shared, so a remote's ConnectWalletButton opens it too).
 * It lives above the header: the wallet button moves between the header bar and the mobile menu when
 * the window crosses 768px (a tablet turned, a resized window), and the dialog must stay open through that.
 */
export { connectDialogOpenAtom };

/**
 * Set when the dialog connected a wallet. 'Connect wallet' (which the dialog would give the focus back
 * to) is replaced by the account button, so the focus would fall to <body>: the account button takes
 * it instead (WalletButton), or on a phone, where that button sits in a closed menu, the menu toggle
 * (Header). Whoever takes the focus clears it.
 */
export const focusAfterConnectAtom = atom(false);

/** Renders the connect dialog once for the page (Layout), wherever the button that opened it is. */
export function ConnectDialogHost() {
  const [open, setOpen] = useAtom(connectDialogOpenAtom);
  const setFocusAfterConnect = useSetAtom(focusAfterConnectAtom);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      {/* The dialog gives the focus back to the button that opened it when it closes. */}
      <ConnectDialog
        onClose={() => setOpen(false)}
        onConnected={() => {
          setFocusAfterConnect(true);
          setOpen(false);
        }}
      />
    </Suspense>
  );
}
