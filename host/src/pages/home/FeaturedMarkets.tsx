import { Link } from 'react-router-dom';
import { type HttpClient } from '@prds/shared/http';
import { FormattedMessage } from '@prds/shared/i18n';
import { paths } from '@prds/shared/routes';
import { styled } from '@prds/shared/theme';
import { FEATURED_SHELVES } from './featuredMarkets';
import { FeaturedShelf } from './FeaturedShelf';

const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.md};
`;

const Head = styled.div`
  display: flex;
  align-items: baseline;
  justify-content: space-between;
  gap: ${({ theme }) => theme.spacing.md};

  h2 {
    font-size: ${({ theme }) => theme.font.size.xl};
  }
  a {
    text-decoration: none;
    font-weight: ${({ theme }) => theme.font.weight.medium};
  }
`;

const Grid = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.spacing.md};
  grid-template-columns: minmax(0, 1fr);

  @media ${({ theme }) => theme.breakpoints.tablet} {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
`;

export interface FeaturedMarketsProps {
  /** The api client; the page's own by default, tests point it at their server. */
  readonly client?: HttpClient;
}

/**
 * The home page's three shelves from /api/markets. The section renders at once with skeletons;
 * each shelf fills in (or shows its error with a retry) when its answer arrives.
 */
export function FeaturedMarkets({ client }: FeaturedMarketsProps) {
  return (
    <Section aria-labelledby="featured-title" data-testid="home-featured">
      <Head>
        <h2 id="featured-title">
          <FormattedMessage id="host.home.featured.title" />
        </h2>
        <Link to={paths.market()}>
          <FormattedMessage id="host.home.featured.viewAll" />
        </Link>
      </Head>
      <Grid>
        {FEATURED_SHELVES.map((shelf) => (
          <FeaturedShelf key={shelf.id} shelf={shelf} client={client} />
        ))}
      </Grid>
    </Section>
  );
}
