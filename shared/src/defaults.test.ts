import { API_BASE_URL, getAppEnv } from '@prds/shared/chains';
import { desireChainIdAtom, prdsStore } from '@prds/shared/state';

// Which names each sub-path exports is the compiler's to check (every importer is type-checked); this
// checks what it cannot: the defaults a build without configuration runs with.
describe('@prds/shared defaults', () => {
  it('devnet env, devnet desire chain, api on 127.0.0.1:8787', () => {
    expect(getAppEnv()).toBe('devnet');
    expect(prdsStore.get(desireChainIdAtom)).toBe('0x7a69');
    expect(API_BASE_URL).toBe('http://127.0.0.1:8787');
  });
});
