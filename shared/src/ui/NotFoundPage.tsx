import { Link } from 'react-router-dom';
import { FormattedMessage } from 'react-intl';
import styled from '@emotion/styled';
import { EmptyState } from './EmptyState';
import { Page } from './Page';
import { PageHeading } from './PageHeading';

const Home = styled(Link)`
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;

/**
 * The one not-found page: the host shows it for paths no remote owns, and each remote for paths
 * under its prefix that it has no page for (e.g. /nft/xyz), so both look and read the same.
 */
export function NotFoundPage() {
  return (
    <Page data-testid="page-not-found">
      <PageHeading>
        <FormattedMessage id="common.notFound.title" />
      </PageHeading>
      <EmptyState
        title={<FormattedMessage id="common.notFound.body" />}
        action={
          <Home to="/" data-testid="not-found-home">
            <FormattedMessage id="common.notFound.home" />
          </Home>
        }
      />
    </Page>
  );
}
