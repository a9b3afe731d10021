import { parseRemotesManifest } from './remotesManifest';

describe('parseRemotesManifest', () => {
  it('accepts the file serve.mjs writes', () => {
    const raw = {
      mfe_market: 'http://127.0.0.1:3001/mf-manifest.json',
      mfe_issue: 'http://127.0.0.1:3002/mf-manifest.json',
      mfe_license: 'http://127.0.0.1:3003/mf-manifest.json',
      mfe_portfolio: 'http://127.0.0.1:3004/mf-manifest.json',
      mfe_claim: 'https://cdn.example.com/claim/1.2.0/mf-manifest.json',
    };
    expect(parseRemotesManifest(raw)).toEqual({ ok: true, manifest: raw, ignored: [] });
  });

  it('resolves relative URLs against the page', () => {
    const result = parseRemotesManifest({ mfe_market: '/remotes/market/mf-manifest.json' }, 'https://prds.example/detail/3');
    expect(result).toEqual({
      ok: true,
      manifest: { mfe_market: 'https://prds.example/remotes/market/mf-manifest.json' },
      ignored: [],
    });
  });

  it('ignores remotes this host does not know, keeping the rest', () => {
    const result = parseRemotesManifest({ mfe_market: 'http://a/mf-manifest.json', mfe_future: 'http://b/x.json' });
    expect(result).toEqual({ ok: true, manifest: { mfe_market: 'http://a/mf-manifest.json' }, ignored: ['mfe_future'] });
  });

  it('allows a manifest that leaves a remote out', () => {
    expect(parseRemotesManifest({})).toEqual({ ok: true, manifest: {}, ignored: [] });
  });

  it.each([
    ['an array', ['http://a/mf-manifest.json']],
    ['null', null],
    ['a string', 'http://a/mf-manifest.json'],
  ])('rejects %s', (_label, raw) => {
    const result = parseRemotesManifest(raw);
    expect(result.ok).toBe(false);
  });

  it.each([
    ['a number', 3001],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a data: URL', 'data:application/json,{}'],
    ['an object', { entry: 'http://a/mf-manifest.json' }],
  ])('rejects a known remote whose URL is %s', (_label, value) => {
    const result = parseRemotesManifest({ mfe_market: value });
    expect(result).toEqual({ ok: false, reason: expect.stringContaining('mfe_market') });
  });
});
