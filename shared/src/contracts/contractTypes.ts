// Types only: call names, arguments and results inferred from each role's generated ABI (abitype), so
// a wrong function name or argument fails to compile. Nothing here reaches the bundle.
import type { AbiParametersToPrimitiveTypes, ExtractAbiFunction, ExtractAbiFunctionNames } from 'abitype';
import type { OptionalRole, RequiredRole, Role, roleAbis } from '@prds/contracts';
import type { ChainId } from '@prds/shared/chains';

export type { Address } from 'abitype';
export type { OptionalRole, RequiredRole, Role };

declare const checked: unique symbol;

/**
 * A devnet-only role (e.g. the pay token's faucet) that `optionalContract` found deployed on a chain.
 * Only that check makes one, so a page cannot call a contract that may be absent without asking.
 */
export interface CheckedContract<R extends OptionalRole = OptionalRole> {
  readonly role: R;
  readonly chainId: ChainId;
  readonly [checked]: true;
}

/** What a read or a transaction names: a role every chain has, or a checked devnet-only one. */
export type ContractRef = RequiredRole | CheckedContract;

/** The role a reference names. */
export type RoleOf<C extends ContractRef> = C extends CheckedContract<infer R> ? R : C;

type AbiOf<R extends Role> = (typeof roleAbis)[R];

/** Functions that send a transaction. */
export type WriteFunctionName<R extends Role> = ExtractAbiFunctionNames<AbiOf<R>, 'nonpayable' | 'payable'>;
/** Functions read with eth_call. */
export type ReadFunctionName<R extends Role> = ExtractAbiFunctionNames<AbiOf<R>, 'view' | 'pure'>;

/** Every function name of the role's ABI. */
export type FunctionName<R extends Role> = ExtractAbiFunctionNames<AbiOf<R>>;

export type FunctionArgs<R extends Role, F extends FunctionName<R>> = AbiParametersToPrimitiveTypes<
  ExtractAbiFunction<AbiOf<R>, F>['inputs'],
  'inputs'
>;

type Outputs<R extends Role, F extends FunctionName<R>> = AbiParametersToPrimitiveTypes<
  ExtractAbiFunction<AbiOf<R>, F>['outputs'],
  'outputs'
>;

/** One output comes back as itself, several as a tuple (as ethers returns them). */
export type FunctionResult<R extends Role, F extends FunctionName<R>> =
  Outputs<R, F> extends readonly [infer Only] ? Only : Outputs<R, F>;
