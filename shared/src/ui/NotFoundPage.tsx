import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import { useDocumentTitle } from '@prds/shared/i18n';
import styled from '@emotion/styled';
import { paths } from '@prds/shared/routes';
import { EmptyState } from './EmptyState';
import { Page } from './Page';
import { PageHeading } from './PageHeading';

const Links = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${({ theme }) => theme.spacing.md};
`;

const Back = styled(Link)`
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;

export interface NotFoundPageProps {
  /** What is missing ('Page not found' unless given), the page's one heading. */
  readonly title?: ReactNode;
  /** The browser tab's text for it ('Page not found' unless given). */
  readonly documentTitle?: string;
  readonly body?: ReactNode;
  /** The nearest page that does exist (e.g. the market list for a market id that does not); home is always offered too. */
  readonly back?: { readonly to: string; readonly label: ReactNode; readonly 'data-testid'?: string };
}

/**
 * The one not-found page: the host shows it for paths no remote owns, and each remote for paths
 * under its prefix that it has no page for (e.g. /nft/xyz) or for a thing its path names that does
 * not exist (/detail/abc), so they all look and read the same.
 */
export function NotFoundPage({ title, documentTitle, body, back }: NotFoundPageProps = {}) {
  const intl = useIntl();
  useDocumentTitle(documentTitle ?? intl.formatMessage({ id: 'common.notFound.title' }));
  return (
    <Page data-testid="page-not-found">
      <PageHeading>{title ?? <FormattedMessage id="common.notFound.title" />}</PageHeading>
      <EmptyState
        title={body ?? <FormattedMessage id="common.notFound.body" />}
        action={
          <Links>
            {back !== undefined && (
              <Back to={back.to} data-testid={back['data-testid'] ?? 'not-found-back'}>
                {back.label}
              </Back>
            )}
            <Back to={paths.home()} data-testid="not-found-home">
              <FormattedMessage id="common.notFound.home" />
            </Back>
          </Links>
        }
      />
    </Page>
  );
}
