import { Link } from 'react-router-dom';
import { EmptyState, FormattedMessage, Page, PageHeading, styled } from '@prds/shared';

const Home = styled(Link)`
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;

export default function NotFoundPage() {
  return (
    <Page data-testid="page-not-found">
      <PageHeading>
        <FormattedMessage id="host.notFound.title" />
      </PageHeading>
      <EmptyState
        title={<FormattedMessage id="host.notFound.body" />}
        action={
          <Home to="/" data-testid="not-found-home">
            <FormattedMessage id="host.notFound.home" />
          </Home>
        }
      />
    </Page>
  );
}
