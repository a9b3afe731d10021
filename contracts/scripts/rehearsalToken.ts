import { AbiCoder, hexlify, keccak256, toBeHex, toUtf8Bytes, zeroPadValue } from "ethers";
import { loadArtifact } from "./artifacts";

/**
 * Puts a standard ERC-20 (OpenZeppelin's ERC20, contracts/test/StandardERC20.sol) at an address a
 * real chain's token has — BSC USDT's 0x55d3…7955 — on a local Hardhat node, the way a fork would
 * show it: hardhat_setCode with the compiled runtime code, then name, symbol, balances and the total
 * supply written straight into its storage (no mint, no owner, nothing of ours at that address).
 *
 * OpenZeppelin 5's ERC20 keeps _balances in slot 0, _allowances in 1, _totalSupply in 2, _name in 3
 * and _symbol in 4; `decimals()` is 18, like BSC USDT's.
 */
const BALANCES_SLOT = 0n;
const TOTAL_SUPPLY_SLOT = 2n;
const NAME_SLOT = 3n;
const SYMBOL_SLOT = 4n;

export type RpcSend = (method: string, params: unknown[]) => Promise<unknown>;

export interface PlacedToken {
  address: string;
  name: string;
  symbol: string;
  /** Account → balance in token units (18 decimals). */
  balances: Readonly<Record<string, bigint>>;
}

/** A Solidity `string` shorter than 32 bytes as its one storage word: the bytes, then length × 2. */
export function shortStringWord(text: string): string {
  const bytes = toUtf8Bytes(text);
  if (bytes.length > 31) throw new Error(`"${text}" is too long for one storage word`);
  const padded = new Uint8Array(32);
  padded.set(bytes);
  padded[31] = bytes.length * 2;
  return hexlify(padded);
}

/** The storage slot of `mapping(address => uint256)` at `slot` for `account`. */
export function balanceSlot(account: string, slot: bigint = BALANCES_SLOT): string {
  return keccak256(AbiCoder.defaultAbiCoder().encode(["address", "uint256"], [account, slot]));
}

const word = (value: bigint): string => zeroPadValue(toBeHex(value), 32);
const slotHex = (slot: bigint): string => toBeHex(slot, 32);

/** The runtime code of the standard ERC-20 (compiled with the protocol: `hardhat compile`). */
export function standardErc20RuntimeCode(): string {
  const artifact = loadArtifact("StandardERC20", "contracts/test/StandardERC20.sol") as { deployedBytecode?: string };
  if (!artifact.deployedBytecode || artifact.deployedBytecode === "0x")
    throw new Error("StandardERC20 has no runtime code: compile first");
  return artifact.deployedBytecode;
}

/** Places the token (code and storage) and mines a block so readers see it at "latest". */
export async function placeStandardToken(send: RpcSend, token: PlacedToken): Promise<void> {
  await send("hardhat_setCode", [token.address, standardErc20RuntimeCode()]);
  const set = (slot: string, value: string) => send("hardhat_setStorageAt", [token.address, slot, value]);
  await set(slotHex(NAME_SLOT), shortStringWord(token.name));
  await set(slotHex(SYMBOL_SLOT), shortStringWord(token.symbol));
  let total = 0n;
  for (const [account, balance] of Object.entries(token.balances)) {
    total += balance;
    await set(balanceSlot(account), word(balance));
  }
  await set(slotHex(TOTAL_SUPPLY_SLOT), word(total));
  await send("evm_mine", []);
}

/** Adds `amount` to an account's balance of a placed token (and to its total supply), as a bridge or exchange would pay it. */
export async function creditPlacedToken(send: RpcSend, tokenAddress: string, account: string, amount: bigint): Promise<void> {
  const read = async (slot: string) => BigInt((await send("eth_getStorageAt", [tokenAddress, slot, "latest"])) as string);
  const balanceKey = balanceSlot(account);
  const supplyKey = slotHex(TOTAL_SUPPLY_SLOT);
  await send("hardhat_setStorageAt", [tokenAddress, balanceKey, word((await read(balanceKey)) + amount)]);
  await send("hardhat_setStorageAt", [tokenAddress, supplyKey, word((await read(supplyKey)) + amount)]);
  await send("evm_mine", []);
}
