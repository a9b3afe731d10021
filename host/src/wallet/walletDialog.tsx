import { atom, useAtom } from '@prds/shared';
import { ConnectDialog } from './ConnectDialog';

/**
 * Whether the connect dialog is open. It lives above the header: the wallet button moves between the
 * header bar and the mobile menu when the window crosses 768px (a tablet turned, a resized window),
 * and the dialog must stay open through that.
 */
export const connectDialogOpenAtom = atom(false);

/** Renders the connect dialog once for the page (Layout), wherever the button that opened it is. */
export function ConnectDialogHost() {
  const [open, setOpen] = useAtom(connectDialogOpenAtom);
  if (!open) return null;
  return (
    <ConnectDialog
      onClose={() => {
        setOpen(false);
        document.querySelector<HTMLButtonElement>('[data-testid="wallet-connect"]')?.focus();
      }}
    />
  );
}
