import { PLATFORM_TOKEN } from '@prds/shared/chains';
import { fromUnits, useFormat } from '@prds/shared/format';
import { FormattedMessage } from '@prds/shared/i18n';
import { type ChallengeView, type MarketDetail, type PositionView, type VoteView } from '@prds/shared/markets';
import { type QueryKey } from '@prds/shared/query';
import { Button, Usdt } from '@prds/shared/ui';
import { type Address, TransactionStatus, useTransaction } from '@prds/shared/wallet';
import { Muted } from '../DetailSection';
import { Panel, Row, Stack } from './panel';
import type { ResolutionActions } from './resolutionActions';
import { CLAIM_TX_MESSAGES } from './resolutionMessages';

/** Payouts, refunds, a proven challenger's compensation and the winning voters' reward, claimed here. */
export function ClaimPanel({
  market,
  account,
  positions,
  challenges,
  vote,
  actions,
  invalidate,
}: {
  market: MarketDetail;
  account: Address | null;
  positions: PositionView | null;
  challenges: readonly ChallengeView[];
  vote: VoteView | null;
  actions: ResolutionActions;
  invalidate: readonly QueryKey[];
}) {
  const tx = useTransaction(CLAIM_TX_MESSAGES);
  const format = useFormat();
  const mine = (address: string) => account !== null && address.toLowerCase() === account.toLowerCase();
  const received = positions !== null && positions.claimed;
  const settled = market.state === 'Finished' || market.state === 'Void' || market.state === 'Invalid';
  // Compensation owed to this account's challenges, claimed or not (a claimed one reads 'received').
  const compensations = challenges.filter((c) => mine(c.challenger) && c.compensationState !== 'none' && c.compensation !== null);
  const rewardReceived = vote?.votes.find((b) => mine(b.voter) && b.reward !== null)?.reward ?? null;
  const hasPosition = positions !== null && positions.options.length > 0;
  if (account === null) return null;
  if (!(settled && hasPosition) && compensations.length === 0 && !actions.voterReward && rewardReceived === null) return null;
  const id = BigInt(market.id);
  const refundOnly = market.state === 'Void' || market.state === 'Invalid';

  return (
    <Panel title={<FormattedMessage id="market.resolution.claim.title" />} testId="claim-panel">
      <Stack as="div">
        {actions.claim && positions !== null && (
          <>
            <p>
              <FormattedMessage id={refundOnly ? 'market.resolution.claim.refund' : 'market.resolution.claim.payout'} />{' '}
              <strong
                data-testid={refundOnly ? 'claim-refund-amount' : 'claim-payout-amount'}
                data-value={positions.pendingPayoff}
              >
                <Usdt wei={positions.pendingPayoff} />
              </strong>
            </p>
            <Row>
              <Button
                data-testid="claim-submit"
                disabled={tx.busy}
                onClick={() => void tx.run({ contract: 'markets', fn: 'claim', args: [id, account], invalidate })}
              >
                <FormattedMessage id={refundOnly ? 'market.resolution.claim.submitRefund' : 'market.resolution.claim.submit'} />
              </Button>
            </Row>
          </>
        )}
        {received && positions !== null && (
          <p data-testid="claim-received" data-value={positions.received}>
            <FormattedMessage id="market.resolution.claim.received" /> <Usdt wei={positions.received} />
          </p>
        )}
        {!actions.claim && !received && settled && hasPosition && (
          <Muted data-testid="claim-nothing">
            <FormattedMessage id="market.resolution.claim.nothing" />
          </Muted>
        )}
        {compensations.map((c) => (
          <Row key={c.index} data-testid={`claim-compensation-${c.index}`} data-state={c.compensationState}>
            <span>
              <FormattedMessage id="market.resolution.claim.compensation" values={{ number: c.index + 1 }} />{' '}
              <strong data-testid={`claim-compensation-amount-${c.index}`} data-value={c.compensation ?? ''}>
                <Usdt wei={c.compensation} />
              </strong>
            </span>
            {c.compensationState === 'pending' ? (
              <Button
                variant="secondary"
                data-testid={`claim-compensation-submit-${c.index}`}
                disabled={tx.busy}
                onClick={() =>
                  void tx.run({ contract: 'markets', fn: 'claimCompensation', args: [id, BigInt(c.index)], invalidate })
                }
              >
                <FormattedMessage id="market.resolution.claim.compensationSubmit" />
              </Button>
            ) : (
              <Muted as="span">
                <FormattedMessage id="market.resolution.compensation.received" />
              </Muted>
            )}
          </Row>
        ))}
        {(actions.voterReward || rewardReceived !== null) && (
          <Row data-testid="claim-voter-reward" data-value={rewardReceived ?? ''}>
            {rewardReceived !== null ? (
              <FormattedMessage
                id="market.resolution.claim.voterRewardReceived"
                values={{
                  amount: format.amount(fromUnits(rewardReceived, PLATFORM_TOKEN.decimals)),
                  symbol: PLATFORM_TOKEN.symbol,
                }}
              />
            ) : (
              <>
                <FormattedMessage id="market.resolution.claim.voterReward" />
                <Button
                  variant="secondary"
                  data-testid="claim-voter-reward-submit"
                  disabled={tx.busy}
                  onClick={() => void tx.run({ contract: 'markets', fn: 'claimVoterReward', args: [id], invalidate })}
                >
                  <FormattedMessage id="market.resolution.claim.voterRewardSubmit" />
                </Button>
              </>
            )}
          </Row>
        )}
        <TransactionStatus state={tx.state} />
      </Stack>
    </Panel>
  );
}
