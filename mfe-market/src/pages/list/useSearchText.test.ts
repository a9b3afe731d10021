import { act, renderHook } from '@testing-library/react';
import { MAX_SEARCH_LENGTH } from './marketFilters';
import { searchForUrl, useSearchText } from './useSearchText';

describe('searchForUrl', () => {
  it('keeps the text as typed, drops a blank one and cuts an over-long one', () => {
    expect(searchForUrl(' eth ')).toBe(' eth ');
    expect(searchForUrl('   ')).toBe('');
    expect(searchForUrl('x'.repeat(MAX_SEARCH_LENGTH + 5))).toHaveLength(MAX_SEARCH_LENGTH);
  });
});

function setup(initialUrl: string) {
  const written: string[] = [];
  const hook = renderHook(({ url }) => useSearchText(url, (value) => written.push(value)), {
    initialProps: { url: initialUrl },
  });
  return {
    ...hook,
    written,
    text: () => hook.result.current[0],
    type: (value: string) => act(() => hook.result.current[1](value)),
  };
}

describe('useSearchText', () => {
  it('starts from the URL and writes every change through', () => {
    const { text, type, written } = setup('eth');
    expect(text()).toBe('eth');
    type('ethe');
    type('ether');
    expect(text()).toBe('ether');
    expect(written).toEqual(['ethe', 'ether']);
  });

  it('keeps the typed text while the URL catches up late (the router applies it in a transition)', () => {
    const { text, type, rerender } = setup('');
    type('b');
    type('bi');
    type('bit');
    // The URL shows the keys one after another, behind the box.
    rerender({ url: 'b' });
    expect(text()).toBe('bit');
    rerender({ url: 'bi' });
    expect(text()).toBe('bit');
    rerender({ url: 'bit' });
    expect(text()).toBe('bit');
  });

  it('takes a URL value it did not write (Back, a link, Clear filters)', () => {
    const { text, type, rerender } = setup('eth');
    type('ethereum');
    rerender({ url: 'ethereum' });
    rerender({ url: 'eth' });
    expect(text()).toBe('eth');
    rerender({ url: '' });
    expect(text()).toBe('');
  });

  it('does not write what the URL already says', () => {
    const { type, written, text } = setup('');
    type('   ');
    expect(text()).toBe('   ');
    expect(written).toEqual([]);
  });
});
