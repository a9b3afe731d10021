// The accounts a Hardhat node starts with: its default mnemonic, which the seed (contracts/scripts/seed.ts)
// names in order. Tests on the suite's shared devnet keep off them (chain.ts seedAccounts); a spec on a
// chain of its own may sign as them.
import { HDNodeWallet, Wallet, type Provider } from 'ethers';
import type { Stack } from '../../scripts/stack.cjs';

export const DEVNET_MNEMONIC = 'test test test test test test test test test test test junk';

/** The seed's names for the node's accounts 0…9. */
export const SEED_ORDER = ['deployer', 'alice', 'bob', 'carol', 'dave', 'erin', 'b1', 'b2', 'b3', 'b4'] as const;
export type SeedAccountName = (typeof SEED_ORDER)[number];

/** The node's account `index` (m/44'/60'/0'/0/index of the default mnemonic). */
export function devnetAccount(index: number): HDNodeWallet {
  return HDNodeWallet.fromPhrase(DEVNET_MNEMONIC, undefined, `m/44'/60'/0'/0/${index}`);
}

/** A seeded account's key on `provider`, checked against the address the stack's seed gives it. */
export function seedAccountKey(stack: Pick<Stack, 'seed'> | undefined, name: SeedAccountName, provider: Provider): Wallet {
  const node = devnetAccount(SEED_ORDER.indexOf(name));
  const expected = stack?.seed.accounts[name];
  if (node.address.toLowerCase() !== expected?.toLowerCase())
    throw new Error(`seed account ${name} is ${expected}, the mnemonic gives ${node.address}`);
  return new Wallet(node.privateKey, provider);
}
