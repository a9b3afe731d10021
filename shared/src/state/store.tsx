import type { ReactNode } from 'react';
import { Provider, createStore } from 'jotai';

// The only module besides atoms.ts that imports jotai: remotes and host go through these re-exports,
// so the page holds one store and the state library can be swapped here.
export { atom, createStore, useAtom, useAtomValue, useSetAtom, useStore } from 'jotai';
export type { Atom, PrimitiveAtom, WritableAtom } from 'jotai';

/** The page's one store: host and every remote read and write the same atoms through it. */
export const prdsStore = createStore();

export type PrdsStore = ReturnType<typeof createStore>;

export function StoreProvider({ children, store = prdsStore }: { children: ReactNode; store?: PrdsStore }) {
  return <Provider store={store}>{children}</Provider>;
}
