import { escapeHtml, hostAssetsOf, jsonBlock, titleOf, withHead } from './pageDocument';

// The host build's index.html (minified: unquoted attributes), with a few cases it does not have today.
const PAGE =
  '<!doctype html><html lang=en><head><meta charset=utf-8><title>PRDS · Prediction markets</title>' +
  '<link rel=icon href="data:image/svg+xml,%3Csvg%3E"><style>body{}</style><script src=/theme.42327c5e.js></script>' +
  '<script defer src=/main.js></script><link rel="stylesheet" href=\'/app.css\' crossorigin>' +
  '<script type="application/json" id=x>{"src":"/no.js"}</script><script type=module src=/mod.js></script>' +
  '</head><body><div id=root></div></body></html>';

describe('hostAssetsOf: what the host page loads before it renders', () => {
  it('lists its classic scripts and stylesheets in order, with their CORS mode; no icon, data block or module', () => {
    expect(hostAssetsOf(PAGE)).toEqual([
      { href: '/theme.42327c5e.js', as: 'script', crossorigin: false },
      { href: '/main.js', as: 'script', crossorigin: false },
      { href: '/app.css', as: 'style', crossorigin: true },
    ]);
  });
});

describe('withHead', () => {
  it('adds tags at the end of the head and replaces the title, escaped', () => {
    const html = withHead(PAGE, { title: 'Will <b>BTC</b> & "ETH" rise?', tags: ['<meta name="a" content="b">'] });
    expect(titleOf(html)).toBe('Will <b>BTC</b> & "ETH" rise?');
    expect(html).toContain('<title>Will &#60;b&#62;BTC&#60;/b&#62; &#38; &#34;ETH&#34; rise?</title>');
    expect(html).toMatch(/<meta name="a" content="b"><\/head><body>/);
    expect(html.match(/<title>/g)).toHaveLength(1);
  });

  it('keeps the title without one, and refuses a document without a head', () => {
    expect(titleOf(withHead(PAGE, { tags: [] }))).toBe('PRDS · Prediction markets');
    expect(() => withHead('<p>no head</p>', { tags: [] })).toThrow(/<\/head>/);
  });
});

describe('jsonBlock and escapeHtml', () => {
  it('writes a data block the CSP does not treat as script, and refuses one that could end early', () => {
    expect(jsonBlock('prds-rollout', '{"a":1}')).toBe('<script type="application/json" id="prds-rollout">{"a":1}</script>');
    expect(() => jsonBlock('x', '"</SCRIPT>"')).toThrow();
    expect(escapeHtml(`<img src=x onerror='a'>&`)).toBe('&#60;img src=x onerror=&#39;a&#39;&#62;&#38;');
  });
});
