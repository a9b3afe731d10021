import { PAGE_ROLLOUT_ID } from './rollout/pageRolloutBlock';

type EarlyFetch = typeof import('./earlyFetch');

/** A fresh copy of the module (it keeps the block it read), for a page with `blockText` as its rollout block. */
function pageWith(blockText: string | null): { module: EarlyFetch; doc: Pick<Document, 'getElementById'> } {
  let module: EarlyFetch | undefined;
  jest.isolateModules(() => {
    module = jest.requireActual<EarlyFetch>('./earlyFetch');
  });
  if (!module) throw new Error('not loaded');
  const doc = {
    getElementById: (id: string) =>
      id === PAGE_ROLLOUT_ID && blockText !== null
        ? ({ getAttribute: () => 'application/json', textContent: blockText } as unknown as HTMLElement)
        : null,
  };
  return { module, doc };
}

describe('the rollout manifest the server put into the page', () => {
  it('is taken once, as data; the next read goes to the server', async () => {
    const { module, doc } = pageWith('{"manifest":{"salt":"s"},"releases":{}}');
    expect(module.hasEmbeddedManifest(doc)).toBe(true);
    await expect(module.takeEmbeddedManifest(doc)).resolves.toEqual({ salt: 's' });
    expect(module.takeEmbeddedManifest(doc)).toBeUndefined();
  });

  it('is absent without a block, or with one that does not read', () => {
    for (const text of [null, '{"manifest"', '{"releases":{}}']) {
      const { module, doc } = pageWith(text);
      expect(module.hasEmbeddedManifest(doc)).toBe(false);
      expect(module.takeEmbeddedManifest(doc)).toBeUndefined();
    }
  });
});
