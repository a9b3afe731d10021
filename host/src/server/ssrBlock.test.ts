import { readSsrState, SSR_BLOCK_ID, ssrStateJson, type SsrState } from './ssrBlock';

function documentWith(html: string): Document {
  document.body.innerHTML = html;
  return document;
}

describe('the server render block (prds-ssr)', () => {
  const state: SsrState = {
    rendered: true,
    lang: 'zh',
    theme: 'night',
    device: 'mobile',
    intlProbe: 'Sep 21, 2026, 2:13 PM UTC|1,234,567.5|in 3 hours',
    remote: { name: 'mfe_market', version: '0.3.0+local' },
    queries: { mutations: [], queries: [] },
  };

  it('reads back what the server wrote, as data', () => {
    const doc = documentWith(`<script type="application/json" id="${SSR_BLOCK_ID}">${ssrStateJson(state)}</script>`);
    expect(readSsrState(doc)).toEqual(state);
  });

  it('reads a failure block (which release the server could not render with)', () => {
    const failed: SsrState = { rendered: false, remote: { name: 'mfe_claim', version: '1' }, stage: 'container' };
    const doc = documentWith(`<script type="application/json" id="${SSR_BLOCK_ID}">${ssrStateJson(failed)}</script>`);
    expect(readSsrState(doc)).toEqual(failed);
  });

  it.each([
    ['no block', '<div></div>'],
    ['an executable script', `<script id="${SSR_BLOCK_ID}">{"rendered":true}</script>`],
    ['text that is not JSON', `<script type="application/json" id="${SSR_BLOCK_ID}">{rendered</script>`],
    [
      'an unknown theme',
      `<script type="application/json" id="${SSR_BLOCK_ID}">${JSON.stringify({ ...state, theme: 'dusk' })}</script>`,
    ],
    [
      'an unknown layout',
      `<script type="application/json" id="${SSR_BLOCK_ID}">${JSON.stringify({ ...state, device: 'watch' })}</script>`,
    ],
    [
      'no date probe',
      `<script type="application/json" id="${SSR_BLOCK_ID}">${JSON.stringify({ ...state, intlProbe: 1 })}</script>`,
    ],
    ['no data', `<script type="application/json" id="${SSR_BLOCK_ID}">${JSON.stringify({ ...state, queries: null })}</script>`],
  ])('is null for %s', (_name, html) => {
    expect(readSsrState(documentWith(html))).toBeNull();
  });

  it('escapes every character that could end the element or break a line', () => {
    const text = ssrStateJson({ ...(state as Extract<SsrState, { rendered: true }>), lang: '</script>&\u2028' });
    expect(text).not.toMatch(/[<>&\u2028]/);
    expect((JSON.parse(text) as { lang: string }).lang).toBe('</script>&\u2028');
  });
});
