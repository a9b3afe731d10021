import { WalletButton } from '../wallet/WalletButton';

/** Where the wallet connect / account button goes (the header bar, or the menu panel on mobile). */
export function WalletSlot({ block = false }: { block?: boolean }) {
  return <WalletButton block={block} />;
}
