import type { ReactNode } from 'react';
import { PLATFORM_TOKEN } from '@prds/shared/chains';
import { fromUnits, useFormat } from '@prds/shared/format';
import { FormattedMessage } from '@prds/shared/i18n';
import { queryKeys, useQuery } from '@prds/shared/query';
import { styled } from '@prds/shared/theme';
import { Button, Card, Muted, Page, PageHeading, Skeleton } from '@prds/shared/ui';
import {
  AddTokenButton,
  ConnectWalletButton,
  readContract,
  TransactionStatus,
  type TxMessages,
  useTransaction,
  useWallet,
} from '@prds/shared/wallet';
import { CLAIM_ELIGIBILITY, eligibilityMessage, type ClaimEligibility } from './claimEligibility';

const Panel = styled(Card)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.md};
  max-width: 7.2rem;
  width: 100%;
`;

const Facts = styled.dl`
  display: grid;
  gap: ${({ theme }) => theme.spacing.md};
  margin: 0;

  dt {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.font.size.sm};
  }
  dd {
    margin: ${({ theme }) => theme.spacing.xs} 0 0;
    font-weight: ${({ theme }) => theme.font.weight.medium};
    overflow-wrap: anywhere;
  }
`;

const Address = styled.span`
  font-family: ${({ theme }) => theme.font.mono};
`;

const Hint = styled(Muted)`
  text-align: center;
`;

const Retry = styled.button`
  align-self: center;
  border: none;
  background: none;
  color: ${({ theme }) => theme.colors.primary};
  cursor: pointer;
  font-size: ${({ theme }) => theme.font.size.sm};
`;

/** The claim flow's own words (spec §8 "Claim"). */
const CLAIM_MESSAGES: TxMessages = {
  confirmedId: 'claim.success',
  failedId: 'claim.failed',
  cancelledId: 'claim.cancelled',
  notConnectedId: 'claim.connectFirst',
  revert: {
    AlreadyClaimed: { id: 'claim.oncePerUser' },
    InsufficientContractBalance: { id: 'claim.insufficientContractBalance' },
    NoPositionBought: { id: 'claim.noPositionBought' },
  },
};

interface ClaimStatus {
  readonly eligibility: ClaimEligibility;
  readonly amount: bigint;
}

/** `/claim`: the free one-time PRDS claim (spec §2, §8). */
export function ClaimPage() {
  const format = useFormat();
  const { account, isConnected, isWrongNetwork, isAvailable, desiredChainId, desiredChain } = useWallet();
  const claim = useTransaction(CLAIM_MESSAGES);

  const status = useQuery({
    queryKey: queryKeys.chain(desiredChainId, 'claim', account ?? ''),
    enabled: isConnected && isAvailable && account !== null,
    queryFn: async (): Promise<ClaimStatus> => {
      // `enabled` keeps this from running without an account.
      if (account === null) throw new Error('no account');
      const [code, amount] = await Promise.all([
        readContract('claim', 'eligibility', [account]),
        readContract('claim', 'claimAmount', []),
      ]);
      return { eligibility: CLAIM_ELIGIBILITY[Number(code)] ?? 'error', amount };
    },
  });

  const eligible = status.data?.eligibility === 'eligible';
  // After the claim the PRDS is in the wallet but invisible there until the wallet lists the token.
  const claimed = claim.state?.phase === 'confirmed' || status.data?.eligibility === 'alreadyClaimed';
  const canClaim = isConnected && eligible && !claim.busy;
  const onClaim = () => {
    void claim.run({ contract: 'claim', fn: 'claim', args: [], invalidate: [queryKeys.chain(desiredChainId, 'claim')] });
  };

  let reason: ReactNode = null;
  if (!isAvailable) reason = <FormattedMessage id="wallet.notAvailable" />;
  else if (account === null) reason = <FormattedMessage id="claim.connectFirst" />;
  else if (isWrongNetwork) reason = <FormattedMessage id="claim.wrongNetwork" values={{ chain: desiredChain.chainName }} />;

  return (
    <Page data-testid="page-claim">
      <PageHeading description={<FormattedMessage id="common.claimRule" values={{ symbol: PLATFORM_TOKEN.symbol }} />}>
        <FormattedMessage id="claim.title" values={{ symbol: PLATFORM_TOKEN.symbol }} />
      </PageHeading>
      <Panel>
        <Facts>
          <div>
            <dt>
              <FormattedMessage id="claim.wallet" />
            </dt>
            <dd data-testid="claim-address">
              {account === null ? <FormattedMessage id="claim.notConnected" /> : <Address>{account}</Address>}
            </dd>
          </div>
          <div>
            <dt>
              <FormattedMessage id="claim.eligibility" />
            </dt>
            <dd
              data-testid="claim-eligibility"
              data-eligibility={status.isError ? 'error' : (status.data?.eligibility ?? (isConnected ? 'loading' : 'unknown'))}
            >
              {!isConnected ? (
                <FormattedMessage id="claim.eligibilityNeedsWallet" />
              ) : status.isError ? (
                <FormattedMessage id="claim.eligibilityError" />
              ) : status.data ? (
                <FormattedMessage
                  id={eligibilityMessage(status.data.eligibility)}
                  values={{
                    amount: format.amount(fromUnits(status.data.amount.toString(), PLATFORM_TOKEN.decimals)),
                    symbol: PLATFORM_TOKEN.symbol,
                  }}
                />
              ) : (
                <Skeleton width="60%" />
              )}
            </dd>
          </div>
        </Facts>
        {account === null ? (
          // Connect here, where the claim is: on a phone the header's button is inside the menu.
          <ConnectWalletButton size="lg" block data-testid="claim-connect" aria-describedby="claim-reason" />
        ) : (
          <Button
            size="lg"
            block
            disabled={!canClaim}
            loading={claim.busy}
            onClick={onClaim}
            data-testid="claim-button"
            aria-describedby="claim-reason"
          >
            <FormattedMessage id="claim.button" values={{ symbol: PLATFORM_TOKEN.symbol }} />
          </Button>
        )}
        {reason !== null && (
          <Hint id="claim-reason" data-testid="claim-reason">
            {reason}
          </Hint>
        )}
        {status.isError && (
          <Retry type="button" onClick={() => void status.refetch()} data-testid="claim-eligibility-retry">
            <FormattedMessage id="common.retry" />
          </Retry>
        )}
        <TransactionStatus state={claim.state} />
        {isConnected && claimed && <AddTokenButton token="platformToken" block data-testid="claim-add-token" />}
        <Hint>
          <FormattedMessage id="claim.oncePerUser" />
        </Hint>
      </Panel>
    </Page>
  );
}
