import { FormattedMessage } from 'react-intl';
import { Button, type ButtonProps } from '@prds/shared/ui';
import { useSetAtom } from '@prds/shared/state';
import { connectDialogOpenAtom } from './walletState';

/**
 * 'Connect wallet' where a page's action needs a wallet (the buy form, /claim): opens the host's
 * connect dialog, the same one as the header's button. On a phone the header's button is inside the
 * menu, so this is the way to connect without leaving the action.
 */
export function ConnectWalletButton({ children, ...props }: Omit<ButtonProps, 'onClick' | 'type'>) {
  const openDialog = useSetAtom(connectDialogOpenAtom);
  return (
    <Button type="button" aria-haspopup="dialog" {...props} onClick={() => openDialog(true)}>
      {children ?? <FormattedMessage id="common.connectWallet" />}
    </Button>
  );
}
