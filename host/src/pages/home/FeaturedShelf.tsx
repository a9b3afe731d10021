import type { ReactNode } from 'react';
import { isHttpError, type HttpClient } from '@prds/shared/http';
import { FormattedMessage } from '@prds/shared/i18n';
import { useQuery } from '@prds/shared/query';
import { styled } from '@prds/shared/theme';
import { Card, EmptyState, ErrorNotice, Muted, visuallyHidden } from '@prds/shared/ui';
import { FeaturedMarketCard, FeaturedMarketSkeleton } from './FeaturedMarketCard';
import { FEATURED_PAGE_SIZE, featuredQueryKey, fetchFeaturedMarkets, type FeaturedShelf as Shelf } from './featuredMarkets';

const Column = styled(Card)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.sm};

  h3 {
    font-size: ${({ theme }) => theme.font.size.lg};
  }
`;

const List = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.sm};
  list-style: none;
  margin: 0;
  padding: 0;
`;

const Hidden = styled.span(visuallyHidden);

function ShelfError({ error, onRetry, testId }: { error: unknown; onRetry: () => void; testId: string }) {
  return (
    <ErrorNotice
      data-testid={testId}
      onRetry={onRetry}
      message={
        <>
          <FormattedMessage id="host.home.featured.error" />{' '}
          {isHttpError(error) ? (
            <FormattedMessage id={error.messageKey} values={error.values} />
          ) : (
            <FormattedMessage id="common.error.unknown" />
          )}
        </>
      }
    />
  );
}

export interface FeaturedShelfProps {
  readonly shelf: Shelf;
  /** The api client; tests point it at their own server. */
  readonly client?: HttpClient;
}

/** One shelf: its title, then skeletons, the api's error with a retry, the markets or the empty text. */
export function FeaturedShelf({ shelf, client }: FeaturedShelfProps) {
  const query = useQuery({
    queryKey: featuredQueryKey(shelf.id),
    queryFn: () => fetchFeaturedMarkets(shelf, client),
  });
  const testId = `featured-${shelf.id}`;

  let body: ReactNode;
  if (query.isPending) {
    body = (
      <div aria-busy="true" data-testid={`${testId}-loading`}>
        <Hidden>
          <FormattedMessage id="common.loading" />
        </Hidden>
        <List>
          {Array.from({ length: FEATURED_PAGE_SIZE }, (_, i) => (
            <li key={i}>
              <FeaturedMarketSkeleton />
            </li>
          ))}
        </List>
      </div>
    );
  } else if (query.isError) {
    body = <ShelfError error={query.error} onRetry={() => void query.refetch()} testId={`${testId}-error`} />;
  } else if (query.data.markets.length === 0) {
    body = <EmptyState title={<FormattedMessage id="host.home.featured.empty" />} data-testid={`${testId}-empty`} />;
  } else {
    const { markets, now } = query.data;
    body = (
      <List>
        {markets.map((market) => (
          <li key={market.id}>
            <FeaturedMarketCard market={market} now={now} />
          </li>
        ))}
      </List>
    );
  }

  return (
    <Column as="article" data-testid={testId} aria-labelledby={`${testId}-title`}>
      <h3 id={`${testId}-title`}>
        <FormattedMessage id={shelf.titleId} />
      </h3>
      <Muted>
        <FormattedMessage id={shelf.hintId} />
      </Muted>
      {body}
    </Column>
  );
}
