import { atom, type SetStateAction, type WritableAtom } from 'jotai';

const UNSET: unique symbol = Symbol('unset');

/**
 * A writable atom whose default is computed the first time a store reads it, not when the module
 * loads: each store (the page's, a test's) picks up the browser's state (stored choices, window
 * width) as it is then. Writing replaces the default.
 */
export function atomWithLazyDefault<T>(readDefault: () => T): WritableAtom<T, [SetStateAction<T>], void> {
  const override = atom<T | typeof UNSET>(UNSET);
  const lazy: WritableAtom<T, [SetStateAction<T>], void> = atom(
    (get) => {
      const value = get(override);
      return value === UNSET ? readDefault() : value;
    },
    (get, set, update: SetStateAction<T>) => {
      const next = typeof update === 'function' ? (update as (prev: T) => T)(get(lazy)) : update;
      set(override, next);
    },
  );
  return lazy;
}
