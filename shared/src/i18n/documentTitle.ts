import { useEffect } from 'react';
import { atom, useSetAtom } from 'jotai';

/**
 * What the current page says it is about (a market's event, 'Page not found'), or null to let the
 * host name the route. The host alone writes `document.title` (WCAG 2.4.2): this text, else the
 * route's own title, in the page language, with the site's suffix.
 */
export const documentTitleAtom = atom<string | null>(null);

/** Names the page in the browser tab while the calling component is mounted; null/'' leaves the route's title. */
export function useDocumentTitle(title: string | null | undefined): void {
  const setTitle = useSetAtom(documentTitleAtom);
  useEffect(() => {
    if (!title) return undefined;
    setTitle(title);
    // Only clear what is still ours: the next page may already have named itself.
    return () => setTitle((current) => (current === title ? null : current));
  }, [title, setTitle]);
}
