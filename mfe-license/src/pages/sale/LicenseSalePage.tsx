import { Link } from 'react-router-dom';
import { Badge, Button, Card, FormattedMessage, PAY_TOKEN, Page, PageHeading, paths, styled } from '@prds/shared';
import { LicenseTabs } from '../LicenseTabs';
import { LICENSE_TYPES, LICENSE_TYPE_LABEL, MARKETS_PER_LICENSE } from '../licenseTypes';

const Grid = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.spacing.md};
  grid-template-columns: minmax(0, 1fr);

  @media ${({ theme }) => theme.breakpoints.tablet} {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
`;

const TypeCard = styled(Card)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.sm};
`;

const IssuesBadge = styled(Badge)`
  align-self: flex-start;
`;

const TypeTitle = styled.h2`
  font-size: ${({ theme }) => theme.font.size.xl};
  font-weight: ${({ theme }) => theme.font.weight.bold};
`;

const Row = styled.p`
  display: flex;
  justify-content: space-between;
  gap: ${({ theme }) => theme.spacing.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};

  strong {
    color: ${({ theme }) => theme.colors.text};
  }
`;

const Note = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const PacketCard = styled(Card)`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.spacing.sm};
`;

/** No price is shown until the chain is read: a guessed price would be worse than none. */
const UNKNOWN_PRICE = '--';

/** `/nft` (default child): mint a License of each type, or a packet. */
export function LicenseSalePage() {
  return (
    <Page data-testid="page-nft-sale">
      <PageHeading
        description={
          <FormattedMessage id="license.sale.intro" values={{ count: MARKETS_PER_LICENSE, symbol: PAY_TOKEN.symbol }} />
        }
      >
        <FormattedMessage id="license.sale.title" />
      </PageHeading>
      <LicenseTabs />
      <Note role="note" data-testid="license-price-note">
        <FormattedMessage id="license.sale.priceUnavailable" />
      </Note>
      <Grid>
        {LICENSE_TYPES.map((type) => (
          <TypeCard key={type} as="article" aria-labelledby={`license-type-${type}`} data-testid={`license-type-${type}`}>
            <IssuesBadge tone="primary">
              <FormattedMessage id="license.sale.issues" values={{ count: MARKETS_PER_LICENSE }} />
            </IssuesBadge>
            <TypeTitle id={`license-type-${type}`}>
              <FormattedMessage {...LICENSE_TYPE_LABEL[type]} />
            </TypeTitle>
            <Row>
              <FormattedMessage id="license.sale.price" />
              <strong>{UNKNOWN_PRICE}</strong>
            </Row>
            <Button disabled block>
              <FormattedMessage id="license.action.mint" />
            </Button>
            <Note>
              <FormattedMessage id="license.sale.connectToMint" />
            </Note>
          </TypeCard>
        ))}
      </Grid>
      <PacketCard as="section" aria-labelledby="license-packet-title">
        <div>
          <TypeTitle id="license-packet-title">
            <FormattedMessage id="license.packet.title" />
          </TypeTitle>
          <Note>
            <FormattedMessage id="license.packet.intro" />
          </Note>
        </div>
        <Link to={paths.nftPacket()} data-testid="license-packet-link">
          <FormattedMessage id="license.packet.link" />
        </Link>
      </PacketCard>
    </Page>
  );
}
