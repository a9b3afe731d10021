import { TOKENS, type TokenRole } from '@prds/shared/chains';
import type { ChainId } from '@prds/shared/chains';
import { watchAssetRequest, type WatchAssetOutcome } from '../watchAsset';
import { contractAddress } from './chainAccess';
import { errorCode, walletMessage } from './errors';
import { currentProvider } from './session';

/** EIP-1193 "unsupported method" (4200) and JSON-RPC "method not found" (-32601): a wallet without EIP-747. */
const UNSUPPORTED = new Set<unknown>([4200, -32601]);

export async function watchAsset(role: TokenRole, chainId: ChainId, origin: string): Promise<WatchAssetOutcome> {
  const symbol = TOKENS[role].symbol;
  const provider = currentProvider();
  if (provider === null) return { status: 'failed', error: { messageKey: 'wallet.watchAsset.notConnected', values: { symbol } } };
  const address = contractAddress(chainId, role);
  if (address === null) return { status: 'failed', error: { messageKey: 'wallet.notAvailable' } };
  try {
    // EIP-747: true once the wallet lists the token; some wallets answer false instead of 4001 when declined.
    const added = await provider.request(watchAssetRequest(role, address, origin));
    return added === false
      ? { status: 'failed', error: { messageKey: 'wallet.watchAsset.declined', values: { symbol } } }
      : { status: 'added' };
  } catch (error) {
    const code = errorCode(error);
    if (code === 4001) return { status: 'failed', error: { messageKey: 'wallet.watchAsset.declined', values: { symbol } } };
    if (UNSUPPORTED.has(code)) {
      return {
        status: 'failed',
        error: { messageKey: 'wallet.watchAsset.unsupported', values: { symbol }, detail: walletMessage(error) },
      };
    }
    return {
      status: 'failed',
      error: { messageKey: 'wallet.watchAsset.failed', values: { symbol }, detail: walletMessage(error) },
    };
  }
}
