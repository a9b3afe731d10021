import type { MouseEvent } from 'react';
import { useIntl } from '@prds/shared/i18n';
import { styled } from '@prds/shared/theme';

/** The id of the layout's content slot, which holds the page's <main>. */
export const CONTENT_ID = 'content';

// Off screen until it has the focus, then over the sticky header's start corner.
const Link = styled.a`
  position: fixed;
  top: 8px;
  inset-inline-start: 8px;
  z-index: 60;
  padding: 10px 14px;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.primaryText};
  font-weight: ${({ theme }) => theme.font.weight.bold};
  text-decoration: none;
  transform: translateY(calc(-100% - 16px));

  /* The shadow only with the focus: off screen its blur (24 px below an 8 px offset) showed as a grey
     smudge along the top of every page. */
  &:focus {
    transform: none;
    box-shadow: ${({ theme }) => theme.shadow.raised};
  }
`;

/**
 * The page's first tab stop: 'Skip to main content' moves the focus past the header to the page's
 * <main> (the content slot when a page has none yet), so a keyboard user starts on the page itself.
 */
export function SkipLink() {
  const intl = useIntl();
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const slot = document.getElementById(CONTENT_ID);
    const target = slot?.querySelector<HTMLElement>('main') ?? slot;
    if (!target) return;
    // Focus, not the URL's hash: the router owns the URL, and a hash would stay in links people share.
    event.preventDefault();
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus();
    target.scrollIntoView?.({ block: 'start' });
  };
  return (
    <Link href={`#${CONTENT_ID}`} data-testid="skip-link" onClick={skip}>
      {intl.formatMessage({ id: 'host.skipToContent' })}
    </Link>
  );
}
