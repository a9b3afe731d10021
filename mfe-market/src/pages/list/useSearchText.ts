import { useCallback, useEffect, useRef, useState } from 'react';
import { MAX_SEARCH_LENGTH } from './marketFilters';

/** What the URL keeps of a typed search: nothing for blanks, at most the maximum length. */
export function searchForUrl(text: string): string {
  return text.trim() === '' ? '' : text.slice(0, MAX_SEARCH_LENGTH);
}

/**
 * The search box's own text, written through to the URL on every change.
 *
 * The box cannot show the URL's value directly: the host's router applies a navigation in a React
 * transition, so a controlled input fed from the URL would be reset to the previous value after each
 * key and lose keys typed before the transition lands. The box keeps its text; a URL value that is
 * not one this box wrote (Back, Forward, a link, 'Clear filters') replaces it.
 */
export function useSearchText(urlSearch: string, write: (search: string) => void): readonly [string, (text: string) => void] {
  const [text, setText] = useState(urlSearch);
  // Values written and not yet seen back in the URL, oldest first.
  const pending = useRef<string[]>([]);
  const latestUrl = useRef(urlSearch);

  useEffect(() => {
    latestUrl.current = urlSearch;
    const mine = pending.current.indexOf(urlSearch);
    if (mine >= 0) {
      pending.current.splice(0, mine + 1);
      return;
    }
    pending.current = [];
    setText(urlSearch);
  }, [urlSearch]);

  const change = useCallback(
    (next: string) => {
      setText(next);
      const value = searchForUrl(next);
      const last = pending.current.at(-1) ?? latestUrl.current;
      if (value === last) return;
      pending.current.push(value);
      write(value);
    },
    [write],
  );

  return [text, change] as const;
}
