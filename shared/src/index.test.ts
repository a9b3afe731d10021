import * as shared from './index';

// Which names the package exports is the compiler's to check (every importer is type-checked); this
// checks what it cannot: the defaults a build without configuration runs with.
describe('@prds/shared defaults', () => {
  it('devnet env, devnet desire chain, api on 127.0.0.1:8787', () => {
    expect(shared.getAppEnv()).toBe('devnet');
    expect(shared.prdsStore.get(shared.desireChainIdAtom)).toBe('0x7a69');
    expect(shared.API_BASE_URL).toBe('http://127.0.0.1:8787');
  });
});
