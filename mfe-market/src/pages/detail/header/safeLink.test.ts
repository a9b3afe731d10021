import { safeHttpUrl } from './safeLink';

describe('safeHttpUrl', () => {
  it('keeps absolute http(s) URLs', () => {
    expect(safeHttpUrl('https://www.coingecko.com/en/coins/bitcoin')).toBe('https://www.coingecko.com/en/coins/bitcoin');
    expect(safeHttpUrl(' http://example.org ')).toBe('http://example.org/');
    expect(safeHttpUrl('HTTPS://EXAMPLE.ORG/a')).toBe('https://example.org/a');
  });

  it.each([
    null,
    '',
    'CoinGecko closing price',
    'javascript:alert(1)',
    'data:text/html,hi',
    '//evil.example',
    '/relative',
    'ftp://x.org',
    'https://',
  ])('refuses %j', (text) => {
    expect(safeHttpUrl(text)).toBeNull();
  });
});
