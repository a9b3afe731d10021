import { Link } from 'react-router-dom';
import { PLATFORM_TOKEN } from '@prds/shared/chains';
import { FormattedMessage } from '@prds/shared/i18n';
import { paths } from '@prds/shared/routes';
import { styled } from '@prds/shared/theme';
import { Card } from '@prds/shared/ui';

const Grid = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.spacing.md};
  grid-template-columns: minmax(0, 1fr);

  @media ${({ theme }) => theme.breakpoints.tablet} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;

const Offer = styled(Card)`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${({ theme }) => theme.spacing.sm};

  h2 {
    font-size: ${({ theme }) => theme.font.size.xl};
  }
  p {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Go = styled(Link)`
  margin-top: auto;
  display: inline-flex;
  align-items: center;
  min-height: 40px;
  padding: 0 16px;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.primary};
  font-weight: ${({ theme }) => theme.font.weight.medium};
  text-decoration: none;

  &:hover {
    background: ${({ theme }) => `color-mix(in srgb, ${theme.colors.primary} 10%, transparent)`};
  }
`;

/** The two ways in: a License to issue markets, and the free one-time PRDS claim. */
export function GetStarted() {
  return (
    <Grid data-testid="home-get-started">
      <Offer as="article">
        <h2>
          <FormattedMessage id="host.home.license.title" />
        </h2>
        <p>
          <FormattedMessage id="host.home.license.body" />
        </p>
        <Go to={paths.nft()} data-testid="home-license-link">
          <FormattedMessage id="host.home.license.cta" />
        </Go>
      </Offer>
      <Offer as="article">
        <h2>
          <FormattedMessage id="host.home.claim.title" />
        </h2>
        <p>
          <FormattedMessage id="common.claimRule" values={{ symbol: PLATFORM_TOKEN.symbol }} />
        </p>
        <Go to={paths.claim()} data-testid="home-claim-link">
          <FormattedMessage id="host.home.claim.cta" />
        </Go>
      </Offer>
    </Grid>
  );
}
