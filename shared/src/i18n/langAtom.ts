import { browserLanguages, readStorage } from '@prds/shared/chains';
import { atomWithLazyDefault } from '@prds/shared/state';
import { LANG_STORAGE_KEY, resolveInitialLang, type LangCode } from './languages';

// Read from the browser when a store first needs it, so the first render is already in the right
// language (no flash of the wrong one).
export const langAtom = atomWithLazyDefault<LangCode>(() =>
  resolveInitialLang(readStorage(LANG_STORAGE_KEY), browserLanguages()),
);
