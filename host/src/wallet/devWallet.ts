import { CHAINS, getAppEnv, type ChainId } from '@prds/shared';

/** The dev wallet is offered only in a devnet build whose desired chain is the devnet (never on BSC). */
export function isDevWalletOffered(desiredChainId: ChainId): boolean {
  return getAppEnv() === 'devnet' && CHAINS[desiredChainId].chainType === 'devnet';
}

/** '#3 0x1234…abcd' — the devnet account's index and short address (not a translated text). */
export function devAccountLabel(index: number, address: string, short: (address: string) => string): string {
  return `#${index} ${short(address)}`;
}
