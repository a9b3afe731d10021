import { Interface, type ErrorFragment } from 'ethers';
import { abis } from '@prds/contracts';

/** Every custom error of every contract of ours, so a revert bubbling up from a nested call decodes too. */
const errorInterface = (() => {
  const seen = new Set<string>();
  const fragments: string[] = [];
  for (const abi of Object.values(abis)) {
    for (const fragment of new Interface(abi).fragments) {
      if (fragment.type !== 'error') continue;
      const signature = (fragment as ErrorFragment).format('full');
      if (!seen.has((fragment as ErrorFragment).selector)) {
        seen.add((fragment as ErrorFragment).selector);
        fragments.push(signature);
      }
    }
  }
  return new Interface(fragments);
})();

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Finds `field` anywhere in a wallet / ethers error (they nest: error.info.error.data.data …). */
function dig(value: unknown, test: (candidate: unknown) => boolean, depth = 0): unknown {
  if (depth > 6 || !isRecord(value)) return undefined;
  for (const key of ['data', 'error', 'info', 'cause', 'originalError', 'payload']) {
    const inner = value[key];
    if (key === 'data' && test(inner)) return inner;
    const found = dig(inner, test, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

const isRevertData = (value: unknown): value is string =>
  typeof value === 'string' && /^0x[0-9a-fA-F]{8}/.test(value) && value.length % 2 === 0;

/** A revert, decoded: its error name (for the flow's own message) and a readable signature. */
export interface DecodedRevert {
  readonly name: string;
  readonly text: string;
}

function formatArg(value: unknown): string {
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) return `[${value.map(formatArg).join(', ')}]`;
  return String(value);
}

export function decodeRevert(error: unknown): DecodedRevert | null {
  if (isRecord(error) && isRecord(error.revert) && typeof error.revert.name === 'string') {
    const args = Array.isArray(error.revert.args) ? error.revert.args : [];
    return { name: error.revert.name, text: `${error.revert.name}(${args.map(formatArg).join(', ')})` };
  }
  const data = dig(error, isRevertData);
  if (isRevertData(data)) {
    try {
      const parsed = errorInterface.parseError(data);
      if (parsed) return { name: parsed.name, text: `${parsed.name}(${[...parsed.args].map(formatArg).join(', ')})` };
    } catch {
      // Not one of ours: fall through to the standard Error(string) / Panic forms.
    }
    try {
      const standard = Interface.from(['error Error(string)', 'error Panic(uint256)']).parseError(data);
      if (standard) return { name: standard.name, text: `${standard.name}(${[...standard.args].map(formatArg).join(', ')})` };
    } catch {
      // Unknown selector.
    }
    return { name: 'unknown', text: data.slice(0, 10) };
  }
  if (isRecord(error) && typeof error.reason === 'string' && error.reason) return { name: 'Error', text: error.reason };
  return null;
}

function codes(error: unknown, depth = 0): unknown[] {
  if (depth > 6 || !isRecord(error)) return [];
  return [error.code, ...['error', 'info', 'cause', 'data'].flatMap((key) => codes(error[key], depth + 1))];
}

function messages(error: unknown, depth = 0): string[] {
  if (depth > 6 || !isRecord(error)) return [];
  const own = typeof error.message === 'string' ? [error.message] : [];
  return [...own, ...['error', 'info', 'cause', 'data'].flatMap((key) => messages(error[key], depth + 1))];
}

/**
 * The user said no in the wallet: EIP-1193 4001, ethers' ACTION_REJECTED, or WalletConnect's
 * USER_REJECTED (5000, what phone wallets answer a request they declined with).
 */
export function isUserRejection(error: unknown): boolean {
  return codes(error).some((code) => code === 4001 || code === 5000 || code === 'ACTION_REJECTED');
}

export function isInsufficientFunds(error: unknown): boolean {
  return (
    codes(error).includes('INSUFFICIENT_FUNDS') ||
    messages(error).some((message) => /insufficient funds|sender doesn't have enough funds/i.test(message))
  );
}

/** The wallet's own message, short, for "detail" lines. */
export function walletMessage(error: unknown): string {
  const [first] = messages(error);
  const text = first ?? String(error);
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

/** EIP-1193 error code of the outermost error that has one. */
export function errorCode(error: unknown): unknown {
  return codes(error).find((code) => code !== undefined);
}
