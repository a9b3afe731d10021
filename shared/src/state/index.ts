// `@prds/shared/state`: The page's one store and the wallet's atoms.
// Shared as a singleton of its own (shared/webpack/sharedModules.cjs); another domain imports it by this name.

// State
export { accountAtom, chainIdAtom, desireChainIdAtom, walletAtom, type WalletHandle } from './atoms';
export {
  atom,
  createStore,
  useAtom,
  useAtomValue,
  useSetAtom,
  prdsStore,
  StoreProvider,
  type Atom,
  type PrimitiveAtom,
  type WritableAtom,
  type PrdsStore,
} from './store';
export { useIsConnected } from './useIsConnected';

// Used by other domains of @prds/shared (not the pages).
export { atomWithLazyDefault } from './atomWithLazyDefault';
export { useStore } from './store';
