import { Link } from 'react-router-dom';
import { Card, EmptyState, FormattedMessage, styled } from '@prds/shared';

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

const Column = styled(Card)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.sm};

  h3 {
    font-size: ${({ theme }) => theme.font.size.lg};
  }
`;

const Hint = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

// The three shelves of the home page. Their lists come from /api/markets once the api serves them;
// until then each shelf says so instead of showing made-up markets.
const SHELVES = [
  { id: 'top-volume', titleId: 'host.home.featured.topVolume', hintId: 'host.home.featured.topVolumeHint' },
  { id: 'closing-soon', titleId: 'host.home.featured.closingSoon', hintId: 'host.home.featured.closingSoonHint' },
  { id: 'newest', titleId: 'host.home.featured.newest', hintId: 'host.home.featured.newestHint' },
] as const;

export function FeaturedMarkets() {
  return (
    <Section aria-labelledby="featured-title" data-testid="home-featured">
      <Head>
        <h2 id="featured-title">
          <FormattedMessage id="host.home.featured.title" />
        </h2>
        <Link to="/market">
          <FormattedMessage id="host.home.featured.viewAll" />
        </Link>
      </Head>
      <Grid>
        {SHELVES.map((shelf) => (
          <Column as="article" key={shelf.id} data-testid={`featured-${shelf.id}`}>
            <h3>
              <FormattedMessage id={shelf.titleId} />
            </h3>
            <Hint>
              <FormattedMessage id={shelf.hintId} />
            </Hint>
            <EmptyState title={<FormattedMessage id="host.home.featured.empty" />} />
          </Column>
        ))}
      </Grid>
    </Section>
  );
}
