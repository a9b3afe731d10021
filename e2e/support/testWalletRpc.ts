// JSON-RPC errors as the test wallet gives them to the page: EIP-1193 codes (4001 refused, 4100
// unauthorised, 4902 unknown chain) and a devnet's own error passed through unchanged.

export interface RpcErrorShape {
  code: number;
  message: string;
  data?: unknown;
}

export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

export const USER_REJECTED = (): RpcError => new RpcError(4001, 'User rejected the request.');

/** A chain id as wallets answer it: 0x-prefixed hex, lower case, no leading zeros. */
export function normaliseChainId(chainId: string): string {
  if (!/^0x[0-9a-f]+$/i.test(chainId) && !/^\d+$/.test(chainId)) {
    throw new RpcError(-32602, `Invalid chainId "${chainId}": expected a 0x-prefixed hexadecimal string.`);
  }
  return `0x${BigInt(chainId).toString(16)}`;
}

/** Any failure as the JSON-RPC error the page receives. */
export function toRpcError(error: unknown): RpcErrorShape {
  if (error instanceof RpcError) return { code: error.code, message: error.message, data: error.data };
  const e = error as {
    info?: { error?: RpcErrorShape };
    error?: RpcErrorShape;
    shortMessage?: string;
    message?: string;
    data?: unknown;
  };
  // An ethers error around a JSON-RPC error: give the page the node's own error.
  const inner = e?.info?.error ?? e?.error;
  if (inner && typeof inner.code === 'number') return { code: inner.code, message: inner.message, data: inner.data };
  return { code: -32603, message: e?.shortMessage ?? e?.message ?? String(error), data: e?.data };
}
