// Types only: call names, arguments and results inferred from the generated ABIs (abitype), so a
// wrong function name or argument fails to compile. Nothing here reaches the bundle.
import type { AbiParametersToPrimitiveTypes, ExtractAbiFunction, ExtractAbiFunctionNames } from 'abitype';
import type { abis, ContractName } from '@prds/contracts';

export type { ContractName };
type AbiOf<N extends ContractName> = (typeof abis)[N];

/** Functions that send a transaction. */
export type WriteFunctionName<N extends ContractName> = ExtractAbiFunctionNames<AbiOf<N>, 'nonpayable' | 'payable'>;
/** Functions read with eth_call. */
export type ReadFunctionName<N extends ContractName> = ExtractAbiFunctionNames<AbiOf<N>, 'view' | 'pure'>;

/** Every function name of the contract. */
export type FunctionName<N extends ContractName> = ExtractAbiFunctionNames<AbiOf<N>>;

export type FunctionArgs<N extends ContractName, F extends FunctionName<N>> = AbiParametersToPrimitiveTypes<
  ExtractAbiFunction<AbiOf<N>, F>['inputs'],
  'inputs'
>;

type Outputs<N extends ContractName, F extends FunctionName<N>> = AbiParametersToPrimitiveTypes<
  ExtractAbiFunction<AbiOf<N>, F>['outputs'],
  'outputs'
>;

/** One output comes back as itself, several as a tuple (as ethers returns them). */
export type FunctionResult<N extends ContractName, F extends FunctionName<N>> =
  Outputs<N, F> extends readonly [infer Only] ? Only : Outputs<N, F>;
