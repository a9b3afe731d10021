import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useFormat } from '@prds/shared/format';
import { FormattedMessage } from '@prds/shared/i18n';
import { type LicenseSaleType, type LicenseType } from '@prds/shared/licenses';
import { queryKeys } from '@prds/shared/query';
import { paths } from '@prds/shared/routes';
import { styled } from '@prds/shared/theme';
import { Badge, Button, Card, ErrorText, TopUpLink, Muted, Skeleton, Usdt } from '@prds/shared/ui';
import { TransactionStatus, useTransaction, useWallet, usePayBalance } from '@prds/shared/wallet';
import { LicenseProperties } from '../common/LicenseFacts';
import { MINT_TX_MESSAGES } from '../common/licenseMessages';
import { LICENSE_TYPE_LABEL, licenseTypeIndex } from '../licenseTypes';

const TypeCard = styled(Card)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.sm};
`;

const TypeTitle = styled.h3`
  font-size: ${({ theme }) => theme.font.size.xl};
  font-weight: ${({ theme }) => theme.font.weight.bold};
`;

const Row = styled.p`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: ${({ theme }) => theme.spacing.xs} ${({ theme }) => theme.spacing.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};

  strong {
    color: ${({ theme }) => theme.colors.text};
    font-variant-numeric: tabular-nums;
  }
`;

const IssuesBadge = styled(Badge)`
  align-self: flex-start;
`;

export interface MintCardProps {
  readonly type: LicenseType;
  /** The type as the sale answers it; null while it loads. */
  readonly sale: LicenseSaleType | null;
  readonly issuesPerLicense: number;
}

/** One License type of the primary sale: its price, what it gives, how many are left, and Mint. */
export function MintCard({ type, sale, issuesPerLicense }: MintCardProps) {
  const format = useFormat();
  const wallet = useWallet();
  const balance = usePayBalance();
  const tx = useTransaction(MINT_TX_MESSAGES);
  const [short, setShort] = useState(false);
  const soldOut = sale !== null && sale.remaining === 0;
  const titleId = `license-type-${type}`;

  const mint = async () => {
    if (sale === null || soldOut || !wallet.isConnected) return;
    const price = BigInt(sale.price);
    // Spec §7 'Insufficient balance': said before the wallet is asked, and nothing is sent.
    if (balance !== null && balance < price) {
      setShort(true);
      tx.reset();
      return;
    }
    setShort(false);
    // A new attempt: the last one's outcome goes, so it is never read as this one's.
    tx.reset();
    await tx.run({
      contract: 'license',
      fn: 'buy',
      args: [licenseTypeIndex(type)],
      approve: { token: 'payToken', amount: price },
      invalidate: [queryKeys.licenses],
    });
  };

  return (
    <TypeCard as="article" aria-labelledby={titleId} data-testid={`license-type-${type}`} aria-busy={sale === null}>
      <IssuesBadge tone="primary">
        <FormattedMessage id="license.sale.issues" values={{ count: issuesPerLicense }} />
      </IssuesBadge>
      <TypeTitle id={titleId}>
        <FormattedMessage {...LICENSE_TYPE_LABEL[type]} />
      </TypeTitle>
      <Row>
        <FormattedMessage id="license.sale.price" />
        <strong data-testid="license-type-price" data-value={sale?.price ?? ''}>
          {sale === null ? <Skeleton width="5em" /> : <Usdt wei={sale.price} />}
        </strong>
      </Row>
      <Row>
        <FormattedMessage id="license.sale.left" />
        <strong data-testid="license-type-left" data-value={sale?.remaining ?? ''}>
          {sale === null ? (
            <Skeleton width="4em" />
          ) : sale.remaining === null ? (
            <FormattedMessage id="license.sale.unlimited" />
          ) : (
            <FormattedMessage
              id="license.sale.leftOf"
              values={{ left: format.amount(String(sale.remaining)), max: format.amount(String(sale.maxSupply)) }}
            />
          )}
        </strong>
      </Row>
      {sale !== null && <LicenseProperties properties={sale.properties} />}
      <Button
        block
        disabled={sale === null || soldOut || !wallet.isConnected}
        loading={tx.busy}
        onClick={() => void mint()}
        data-testid="license-mint"
      >
        <FormattedMessage id={soldOut ? 'license.sale.soldOut' : 'license.action.mint'} />
      </Button>
      {short && (
        <ErrorText role="alert" data-testid="license-mint-error">
          <FormattedMessage id="license.error.insufficientBalance" /> <TopUpLink />
        </ErrorText>
      )}
      {!wallet.isConnected && (
        <Muted>
          <FormattedMessage id="license.sale.connectToMint" />
        </Muted>
      )}
      <TransactionStatus state={tx.state} />
      {tx.state?.phase === 'confirmed' && (
        <Link to={paths.nftMine()} data-testid="license-see-mine">
          <FormattedMessage id="license.market.seeMine" />
        </Link>
      )}
    </TypeCard>
  );
}
