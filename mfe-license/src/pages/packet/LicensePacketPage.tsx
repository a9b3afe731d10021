import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useFormat } from '@prds/shared/format';
import { FormattedMessage } from '@prds/shared/i18n';
import { type LicensePacket, type LicenseSaleType } from '@prds/shared/licenses';
import { queryKeys, useQuery } from '@prds/shared/query';
import { paths } from '@prds/shared/routes';
import { styled } from '@prds/shared/theme';
import {
  Button,
  Card,
  EmptyState,
  ErrorNotice,
  ErrorText,
  Muted,
  Page,
  PageHeading,
  Skeleton,
  TopUpLink,
  Usdt,
} from '@prds/shared/ui';
import { TransactionStatus, useTransaction, useWallet, usePayBalance } from '@prds/shared/wallet';
import { Facts } from '../common/Facts';
import { LicenseTabs } from '../LicenseTabs';
import { PACKET_TX_MESSAGES } from '../common/licenseMessages';
import { WalletNotice } from '../common/WalletNotice';
import { LICENSE_TYPES, LICENSE_TYPE_LABEL } from '../licenseTypes';
import { fetchLicensePackets, licenseQueryKeys } from '../../api';
import { useLicenseSale } from '../sale/useLicenseSale';
import { packetsLeft } from './packetStock';

const Grid = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.spacing.md};
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 16em), 1fr));
`;

const Item = styled(Card)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.sm};
`;

const Title = styled.h2`
  font-size: ${({ theme }) => theme.font.size.lg};
  font-weight: ${({ theme }) => theme.font.weight.bold};
`;

const Contents = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.xs};
  margin: 0;
  padding: 0;
  list-style: none;
`;

/** One packet: what is in it, its price against the single prices, what is left, and Buy. */
function PacketCard({ packet, types }: { packet: LicensePacket; types: readonly LicenseSaleType[] }) {
  const format = useFormat();
  const wallet = useWallet();
  const balance = usePayBalance();
  const tx = useTransaction(PACKET_TX_MESSAGES);
  const [short, setShort] = useState(false);
  const left = packetsLeft(packet, types);
  const singly = LICENSE_TYPES.reduce((sum, type) => {
    const price = types.find((t) => t.type === type)?.price;
    return price === undefined ? sum : sum + BigInt(price) * BigInt(packet.counts[type]);
  }, 0n);
  const price = BigInt(packet.price);
  const titleId = `license-packet-${packet.packetId}`;

  const buy = async () => {
    if (balance !== null && balance < price) {
      setShort(true);
      return;
    }
    setShort(false);
    // A new attempt: the last one's outcome goes, so it is never read as this one's.
    tx.reset();
    await tx.run({
      contract: 'license',
      fn: 'buyPacket',
      args: [BigInt(packet.packetId)],
      approve: { token: 'payToken', amount: price },
      invalidate: [queryKeys.licenses],
    });
  };

  return (
    <Item as="article" aria-labelledby={titleId} data-testid="license-packet" data-packet-id={packet.packetId}>
      <Title id={titleId}>
        <FormattedMessage id="license.packet.name" values={{ size: packet.size }} />
      </Title>
      <Contents data-testid="license-packet-contents">
        {LICENSE_TYPES.filter((type) => packet.counts[type] > 0).map((type) => (
          <li key={type} data-type={type} data-count={packet.counts[type]}>
            <FormattedMessage
              id="license.packet.count"
              values={{ count: packet.counts[type], type: <FormattedMessage {...LICENSE_TYPE_LABEL[type]} /> }}
            />
          </li>
        ))}
      </Contents>
      <Facts
        facts={[
          {
            key: 'price',
            label: <FormattedMessage id="license.packet.price" />,
            value: (
              <span data-testid="license-packet-price" data-value={packet.price}>
                <Usdt wei={packet.price} />
              </span>
            ),
          },
          { key: 'singly', label: <FormattedMessage id="license.packet.singly" />, value: <Usdt wei={singly} /> },
          {
            key: 'left',
            label: <FormattedMessage id="license.packet.left" />,
            value: (
              <span data-testid="license-packet-left" data-value={left ?? ''}>
                {left === null ? <FormattedMessage id="license.sale.unlimited" /> : format.amount(String(left))}
              </span>
            ),
          },
        ]}
      />
      <Button
        block
        disabled={!wallet.isConnected || left === 0}
        loading={tx.busy}
        onClick={() => void buy()}
        data-testid="license-packet-buy"
      >
        <FormattedMessage id={left === 0 ? 'license.sale.soldOut' : 'license.packet.buy'} />
      </Button>
      {short && (
        <ErrorText role="alert" data-testid="license-packet-error">
          <FormattedMessage id="license.error.insufficientBalance" /> <TopUpLink />
        </ErrorText>
      )}
      <TransactionStatus state={tx.state} />
      {tx.state?.phase === 'confirmed' && (
        <Link to={paths.nftMine()} data-testid="license-see-mine">
          <FormattedMessage id="license.market.seeMine" />
        </Link>
      )}
    </Item>
  );
}

/** `/nft/packet`: several Licenses bundled at a packet price (`/api/ticket-market/packets`); buy one. */
export function LicensePacketPage() {
  // What is left of each type comes with the sale (one request, shared with /nft's cards).
  const sale = useLicenseSale();
  const packets = useQuery({ queryKey: licenseQueryKeys.packets, queryFn: () => fetchLicensePackets() });
  const balance = usePayBalance();
  const wallet = useWallet();
  const failed = packets.isError ? packets : sale.isError ? sale : null;
  return (
    <Page data-testid="page-nft-packet">
      <PageHeading description={<FormattedMessage id="license.packet.intro" />}>
        <FormattedMessage id="license.packet.title" />
      </PageHeading>
      <LicenseTabs>
        <WalletNotice testId="license-packet-connect" />
        {wallet.isConnected && (
          <Muted data-testid="license-balance" data-value={balance?.toString() ?? ''}>
            <FormattedMessage id="license.balanceLine" values={{ amount: <Usdt wei={balance} /> }} />
          </Muted>
        )}
        {failed !== null ? (
          <ErrorNotice error={failed.error} onRetry={() => void failed.refetch()} data-testid="license-packet-error-load" />
        ) : packets.data === undefined || sale.data === undefined ? (
          <Grid aria-busy="true">
            {[0, 1, 2].map((n) => (
              <Skeleton key={n} height="12em" />
            ))}
          </Grid>
        ) : packets.data.list.length === 0 ? (
          <EmptyState data-testid="license-packet-empty" title={<FormattedMessage id="license.packet.empty" />} />
        ) : (
          <Grid data-testid="license-packets">
            {packets.data.list.map((packet) => (
              <PacketCard key={packet.packetId} packet={packet} types={sale.data.types} />
            ))}
          </Grid>
        )}
      </LicenseTabs>
    </Page>
  );
}
