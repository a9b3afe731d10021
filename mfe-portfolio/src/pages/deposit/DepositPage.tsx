import { PAY_TOKEN, PLATFORM_TOKEN } from '@prds/shared/chains';
import { useFormat } from '@prds/shared/format';
import { FormattedMessage, useIntl } from '@prds/shared/i18n';
import { styled } from '@prds/shared/theme';
import { Button, Card, EmptyState, Muted, Page, PageHeading, QrCode } from '@prds/shared/ui';
import { TransactionStatus, optionalContract, useTransaction, useWallet, type Address } from '@prds/shared/wallet';
import { Balances } from '../../common/Balances';
import { CopyButton } from '../../common/CopyButton';
import { tokenAmount } from '../../common/amounts';

/** What the devnet faucet mints per click: enough for a few buys, a License and a challenge's gas. */
export const FAUCET_AMOUNT = 1_000n * 10n ** BigInt(PAY_TOKEN.decimals);

const Layout = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.spacing.lg};
  grid-template-columns: minmax(0, 1fr);

  @media ${({ theme }) => theme.breakpoints.desktop} {
    grid-template-columns: minmax(0, 3fr) minmax(0, 2fr);
  }
`;

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.lg};
  min-width: 0;
`;

const Title = styled.h2`
  font-size: ${({ theme }) => theme.font.size.lg};
  margin-bottom: ${({ theme }) => theme.spacing.md};
`;

const AddressCard = styled(Card)`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.lg};
  align-items: flex-start;
`;

const AddressText = styled.code`
  display: block;
  font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  font-size: ${({ theme }) => theme.font.size.md};
  overflow-wrap: anywhere;
  margin-bottom: ${({ theme }) => theme.spacing.sm};
  direction: ltr;
  unicode-bidi: isolate;
`;

const Details = styled.div`
  flex: 1 1 16em;
  min-width: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.sm};
`;

const Warning = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.spacing.md};
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.warning};
  color: ${({ theme }) => theme.colors.text};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;

const Network = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.md};
  font-weight: ${({ theme }) => theme.font.weight.bold};
`;

const FAUCET_TX_MESSAGES = {
  confirmedId: 'portfolio.deposit.faucet.success',
  failedId: 'portfolio.deposit.faucet.failed',
  cancelledId: 'portfolio.tx.cancelled',
} as const;

const FaucetBody = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${({ theme }) => theme.spacing.md};
`;

/** The devnet's test-USDT faucet (DevUSDT.mint), only where the chain has one. */
function Faucet({ account }: { account: Address }) {
  const tx = useTransaction(FAUCET_TX_MESSAGES);
  const format = useFormat();
  const faucet = optionalContract('payTokenFaucet');
  if (faucet === null) return null;
  return (
    <Card as="section" aria-labelledby="deposit-faucet-title" data-testid="deposit-faucet">
      <Title id="deposit-faucet-title">
        <FormattedMessage id="portfolio.deposit.faucet.title" values={{ symbol: PAY_TOKEN.symbol }} />
      </Title>
      <FaucetBody>
        <Muted>
          <FormattedMessage id="portfolio.deposit.faucet.hint" values={{ symbol: PAY_TOKEN.symbol }} />
        </Muted>
        <Button
          disabled={tx.busy}
          data-testid="deposit-faucet-submit"
          onClick={() => void tx.run({ contract: faucet, fn: 'mint', args: [account, FAUCET_AMOUNT] })}
        >
          <FormattedMessage
            id="portfolio.deposit.faucet.submit"
            values={{ amount: tokenAmount(FAUCET_AMOUNT, format), symbol: PAY_TOKEN.symbol }}
          />
        </Button>
        <TransactionStatus state={tx.state} />
      </FaucetBody>
    </Card>
  );
}

/**
 * `/deposit`: how to fund the wallet — its address (copy, QR code), the one network to send on with a
 * warning that any other loses the funds, and its balances, read again until funds arrive.
 */
export function DepositPage() {
  const intl = useIntl();
  const { account, desiredChain } = useWallet();
  const chainId = Number(desiredChain.chainId);
  const symbols = `${PAY_TOKEN.symbol}, ${PLATFORM_TOKEN.symbol}, ${desiredChain.nativeCurrency.symbol}`;
  return (
    <Page data-testid="page-deposit">
      <PageHeading
        description={<FormattedMessage id="portfolio.deposit.intro" values={{ symbols, chain: desiredChain.chainName }} />}
      >
        <FormattedMessage id="portfolio.deposit.title" />
      </PageHeading>
      {account === null ? (
        <EmptyState data-testid="deposit-connect" title={<FormattedMessage id="portfolio.deposit.connect" />} />
      ) : (
        <Layout>
          <AddressCard as="section" aria-labelledby="deposit-address-title">
            <Details>
              <Title id="deposit-address-title">
                <FormattedMessage id="portfolio.deposit.address" />
              </Title>
              <AddressText data-testid="deposit-address">{account}</AddressText>
              <CopyButton
                text={account}
                label={intl.formatMessage({ id: 'portfolio.deposit.address' })}
                data-testid="deposit-copy"
              />
              <Network data-testid="deposit-network" data-chain-id={chainId}>
                <FormattedMessage
                  id="portfolio.deposit.network"
                  values={{ chain: desiredChain.chainName, id: String(chainId) }}
                />
              </Network>
              <Warning role="note" data-testid="deposit-warning">
                <FormattedMessage
                  id="portfolio.deposit.warning"
                  values={{ chain: desiredChain.chainName, id: String(chainId) }}
                />
              </Warning>
            </Details>
            <QrCode
              text={account}
              label={intl.formatMessage({ id: 'portfolio.deposit.qr' }, { address: account })}
              data-testid="deposit-qr"
            />
          </AddressCard>
          <Stack>
            <Balances data-testid="deposit-balances" />
            <Faucet account={account} />
          </Stack>
        </Layout>
      )}
    </Page>
  );
}
