import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { documentTitleAtom, useIntl } from '@prds/shared/i18n';
import { ROUTES } from '@prds/shared/routes';
import { useAtomValue } from '@prds/shared/state';
import { routeTitleId } from '../routes/routeTable';

/**
 * The one writer of `document.title`: what the page says it is (useDocumentTitle), else its route's
 * title, with the site's suffix, in the page language; home is the site's own name.
 */
export function useTitleText(): string {
  const intl = useIntl();
  const { pathname } = useLocation();
  const page = useAtomValue(documentTitleAtom);
  if (page === null && pathname === ROUTES.home) return intl.formatMessage({ id: 'host.title.home' });
  return intl.formatMessage({ id: 'host.title.page' }, { page: page ?? intl.formatMessage({ id: routeTitleId(pathname) }) });
}

export function DocumentTitle() {
  const title = useTitleText();
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}
