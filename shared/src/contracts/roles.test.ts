import { deployments, REQUIRED_ROLES, type ChainDeployment } from '@prds/contracts';
import { desireChainIdAtom } from '../state/atoms';
import { prdsStore } from '../state/store';
import type { TransactionRequest } from '../wallet/transactionTypes';
import { contractAddress } from '../wallet/runtime/chainAccess';
import { optionalContract } from './roles';

const ACCOUNT = '0x00000000000000000000000000000000000000a1';
const address = (n: number) => `0x${n.toString(16).padStart(40, '0')}` as const;

/** A chain like BSC's will be (issue 21): every required role, the pay token Tether's, no devnet-only faucet. */
const bsc: ChainDeployment = {
  chainId: 56,
  deploymentBlock: 1,
  contracts: {
    payToken: { address: address(1), abi: deployments[31337].contracts.payToken.abi },
    platformToken: { address: address(2), abi: deployments[31337].contracts.platformToken.abi },
    license: { address: address(3), abi: deployments[31337].contracts.license.abi },
    licenseMarketplace: { address: address(4), abi: deployments[31337].contracts.licenseMarketplace.abi },
    markets: { address: address(5), abi: deployments[31337].contracts.markets.abi },
    claim: { address: address(6), abi: deployments[31337].contracts.claim.abi },
  },
};
/** The devnet-only roles per chain with BSC's added: none there. */
const optionalWithBsc = { 31337: ['payTokenFaucet'], 56: [] } as const;

describe('contract roles', () => {
  it('resolves every role on the devnet, nothing on a chain without our deployment', () => {
    for (const role of [...REQUIRED_ROLES, 'payTokenFaucet'] as const) {
      expect(contractAddress('0x7a69', role)).toBe(deployments[31337].contracts[role].address);
      expect(contractAddress('0x38', role)).toBeNull();
    }
  });

  it('gives a checked reference to a devnet-only contract where the chain has it, and null where it is absent', () => {
    expect(optionalContract('payTokenFaucet', '0x7a69')).toEqual({ role: 'payTokenFaucet', chainId: '0x7a69' });
    // A chain with every required role but no faucet (BSC) reads as absent, while its pay token is there.
    expect(optionalContract('payTokenFaucet', '0x38', optionalWithBsc)).toBeNull();
    expect(optionalContract('payTokenFaucet', '0x7a69', optionalWithBsc)).not.toBeNull();
    expect(bsc.contracts.payTokenFaucet).toBeUndefined();
    expect(bsc.contracts.payToken.address).toBe(address(1));
  });

  it('checks the desired chain by default', () => {
    const before = prdsStore.get(desireChainIdAtom);
    try {
      prdsStore.set(desireChainIdAtom, '0x7a69');
      expect(optionalContract('payTokenFaucet')).not.toBeNull();
      prdsStore.set(desireChainIdAtom, '0x38');
      expect(optionalContract('payTokenFaucet')).toBeNull();
    } finally {
      prdsStore.set(desireChainIdAtom, before);
    }
  });

  it('types a devnet-only contract so that code must check it exists (checked by the type check)', () => {
    // @ts-expect-error a chain's devnet-only contract may be absent: reading it without a check does not compile
    expect(() => bsc.contracts.payTokenFaucet.address).toThrow(TypeError);

    const faucet = optionalContract('payTokenFaucet', '0x7a69');
    const mint: TransactionRequest | null = faucet && { contract: faucet, fn: 'mint', args: [ACCOUNT, 1n] };
    expect(mint?.contract).toBe(faucet);
    // @ts-expect-error a devnet-only role cannot be named without the check that makes a reference to it
    const unchecked: TransactionRequest = { contract: 'payTokenFaucet', fn: 'mint', args: [ACCOUNT, 1n] };
    // The pay token itself is typed with the standard ERC-20 ABI: DevUSDT's mint is not part of it.
    // @ts-expect-error the pay token (Tether's USDT on BSC) has no mint
    const notErc20: TransactionRequest<'payToken'> = { contract: 'payToken', fn: 'mint', args: [ACCOUNT, 1n] };
    expect([unchecked.contract, notErc20.contract]).toEqual(['payTokenFaucet', 'payToken']);
  });

  it('does not compile a chain missing a required role', () => {
    // @ts-expect-error every chain has every required role (here: no markets, no claim)
    const partial: ChainDeployment = { chainId: 1, deploymentBlock: 0, contracts: { payToken: bsc.contracts.payToken } };
    expect(partial.contracts.markets).toBeUndefined();
  });
});
