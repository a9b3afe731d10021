import { Link } from 'react-router-dom';
import { PAY_TOKEN } from '@prds/shared/chains';
import { FormattedMessage } from '@prds/shared/i18n';
import { paths } from '@prds/shared/routes';
import { styled } from '@prds/shared/theme';
import { Card, ErrorNotice, Muted, Page, PageHeading, Usdt } from '@prds/shared/ui';
import { useWallet, usePayBalance } from '@prds/shared/wallet';
import { LicenseTabs } from '../LicenseTabs';
import { LICENSE_TYPES, MARKETS_PER_LICENSE } from '../licenseTypes';
import { LicenseMarket } from '../market/LicenseMarket';
import { MintCard } from './MintCard';
import { useLicenseSale } from './useLicenseSale';

const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.md};
`;

const SectionTitle = styled.h2`
  font-size: ${({ theme }) => theme.font.size.xl};
  font-weight: ${({ theme }) => theme.font.weight.bold};
`;

const Grid = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.spacing.md};
  grid-template-columns: minmax(0, 1fr);

  @media ${({ theme }) => theme.breakpoints.tablet} {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
`;

const PacketCard = styled(Card)`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.spacing.sm};
`;

const PacketTitle = styled.h3`
  font-size: ${({ theme }) => theme.font.size.lg};
  font-weight: ${({ theme }) => theme.font.weight.bold};
`;

/** `/nft` (default child): mint a License of each type, buy a packet, or buy or rent one on the License market. */
export function LicenseSalePage() {
  const sale = useLicenseSale();
  const wallet = useWallet();
  const balance = usePayBalance();
  const issues = sale.data?.issuesPerLicense ?? MARKETS_PER_LICENSE;
  return (
    <Page data-testid="page-nft-sale">
      <PageHeading
        description={<FormattedMessage id="license.sale.intro" values={{ count: issues, symbol: PAY_TOKEN.symbol }} />}
      >
        <FormattedMessage id="license.sale.title" />
      </PageHeading>
      <LicenseTabs>
        <Section aria-labelledby="license-mint-title">
          <SectionTitle id="license-mint-title">
            <FormattedMessage id="license.sale.mintTitle" />
          </SectionTitle>
          {wallet.isConnected && (
            <Muted data-testid="license-balance" data-value={balance?.toString() ?? ''}>
              <FormattedMessage id="license.balanceLine" values={{ amount: <Usdt wei={balance} /> }} />
            </Muted>
          )}
          {sale.isError ? (
            <ErrorNotice error={sale.error} onRetry={() => void sale.refetch()} data-testid="license-sale-error" />
          ) : (
            <Grid>
              {LICENSE_TYPES.map((type) => (
                <MintCard
                  key={type}
                  type={type}
                  sale={sale.data?.types.find((t) => t.type === type) ?? null}
                  issuesPerLicense={issues}
                />
              ))}
            </Grid>
          )}
          <PacketCard as="section" aria-labelledby="license-packet-title">
            <div>
              <PacketTitle id="license-packet-title">
                <FormattedMessage id="license.packet.title" />
              </PacketTitle>
              <Muted>
                <FormattedMessage id="license.packet.intro" />
              </Muted>
            </div>
            <Link to={paths.nftPacket()} data-testid="license-packet-link">
              <FormattedMessage id="license.packet.link" />
            </Link>
          </PacketCard>
        </Section>
        <LicenseMarket />
      </LicenseTabs>
    </Page>
  );
}
