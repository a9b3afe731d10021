import { getAppEnv } from '@prds/shared/chains';
import { CHAINS, isChainId, type ChainId } from '@prds/shared/chains';
import { DEPLOYED_CHAIN_IDS } from '@prds/contracts/chains';

function explorerBase(chainId: string | null): string | null {
  if (chainId === null || !isChainId(chainId)) return null;
  const [base] = CHAINS[chainId].blockExplorerUrls;
  return base === undefined ? null : base.replace(/\/+$/, '');
}

/** The chain explorer's page of a transaction, or null when the chain has no explorer (devnet). */
export function explorerTxUrl(chainId: string | null, hash: string): string | null {
  const base = explorerBase(chainId);
  return base === null ? null : `${base}/tx/${hash}`;
}

export function explorerAddressUrl(chainId: string | null, address: string): string | null {
  const base = explorerBase(chainId);
  return base === null ? null : `${base}/address/${address}`;
}

/** `0x1234…abcd`. */
export function shortAddress(address: string): string {
  return address.length <= 12 ? address : `${address.slice(0, 6)}…${address.slice(-4)}`;
}

/** True when the protocol is deployed on the chain (else the page says 'not available on this network'). */
export function isChainAvailable(chainId: string): boolean {
  return DEPLOYED_CHAIN_IDS.includes(Number(chainId));
}

/** The dev wallet exists only in a devnet build whose desired chain is the devnet (never on BSC). */
export function isDevWalletAvailable(chainId: ChainId): boolean {
  return getAppEnv() === 'devnet' && CHAINS[chainId].chainType === 'devnet' && CHAINS[chainId].rpcUrls.length > 0;
}
