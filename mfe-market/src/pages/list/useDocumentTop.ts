import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * The element's distance from the top of the document, in px: where a window-scrolled list starts
 * (the virtualizer's scroll margin). Measured after mount and again whenever the page's layout
 * resizes (the filters above wrap, a notice appears, the window narrows). Read in a ResizeObserver
 * callback, i.e. after the browser has laid out anyway, so measuring forces no extra layout.
 */
export function useDocumentTop(ref: RefObject<HTMLElement | null>): number {
  const [top, setTop] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const measure = () => setTop(Math.round(element.getBoundingClientRect().top + window.scrollY));
    measure();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return top;
}
