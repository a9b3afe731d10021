import type { ReactNode } from 'react';
import { useFormat } from '@prds/shared/format';
import { FormattedMessage } from '@prds/shared/i18n';
import { OptionName, type MarketDetail, type MarketOptionView } from '@prds/shared/markets';
import { styled } from '@prds/shared/theme';
import { Usdt } from '@prds/shared/ui';
import { Facts } from '../DetailSection';
import { Moment } from '../header/Moment';
import { finalOutcome, type FinalOutcome } from './finalOutcome';

function optionAt(market: MarketDetail, index: number | null): MarketOptionView | undefined {
  return index === null ? undefined : market.options.find((o) => o.index === index);
}

function When({ time }: { time: number }) {
  const format = useFormat();
  return <time dateTime={new Date(time * 1000).toISOString()}>{format.dateTime(time)}</time>;
}

const OutcomeBox = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.xs};
  padding: ${({ theme }) => theme.spacing.sm} ${({ theme }) => theme.spacing.md};
  border-inline-start: 3px solid ${({ theme }) => theme.colors.primary};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  line-height: 1.5;
  overflow-wrap: anywhere;
`;

/** The claim button's own words, so the text names exactly what the Claim panel offers. */
const ClaimButtonName = ({ refund }: { refund: boolean }) => (
  <strong>
    <FormattedMessage id={refund ? 'market.resolution.claim.submitRefund' : 'market.resolution.claim.submit'} />
  </strong>
);

/**
 * A final market in words: why it ended this way, what each participant gets back, and how to get it.
 */
function OutcomeText({ market, outcome }: { market: MarketDetail; outcome: FinalOutcome }) {
  const knownAt = market.knownAt !== null && market.knownAt > 0 ? <When time={market.knownAt} /> : '--';
  const minPremium = <Usdt wei={market.minPremium} />;
  const claimRefund = (
    <FormattedMessage id="market.resolution.outcome.claimRefund" values={{ button: <ClaimButtonName refund /> }} />
  );
  const lines: Partial<Record<'why' | 'late' | 'back' | 'how', ReactNode>> = {};
  switch (outcome.kind) {
    case 'void':
      lines.why =
        outcome.reason === 'earlyCutoff' ? (
          <FormattedMessage id="market.resolution.outcome.voidEarly" values={{ knownAt, minPremium }} />
        ) : (
          <FormattedMessage
            id="market.resolution.outcome.voidPremium"
            values={{ date: <When time={market.lastTradingTime} />, staked: <Usdt wei={market.buyersStake} />, minPremium }}
          />
        );
      lines.back = <FormattedMessage id="market.resolution.outcome.voidRefunds" />;
      lines.how = claimRefund;
      break;
    case 'cancelled':
      lines.why = <FormattedMessage id="market.resolution.outcome.cancelled" />;
      lines.back = <FormattedMessage id="market.resolution.outcome.cancelledRefunds" />;
      break;
    case 'invalid':
      lines.why =
        outcome.reason === 'absentNoQuorum' ? (
          <FormattedMessage id="market.resolution.outcome.invalidAbsentNoQuorum" />
        ) : (
          <FormattedMessage id="market.resolution.outcome.invalidVote" />
        );
      lines.back = <FormattedMessage id="market.resolution.outcome.invalidRefunds" />;
      lines.how = claimRefund;
      break;
    case 'finished': {
      const winner = optionAt(market, outcome.option);
      lines.why = (
        <FormattedMessage
          id="market.resolution.outcome.finished"
          values={{ option: winner === undefined ? '--' : <OptionName option={winner} /> }}
        />
      );
      if (market.early) lines.late = <FormattedMessage id="market.resolution.outcome.finishedLateRefund" values={{ knownAt }} />;
      lines.how = (
        <FormattedMessage id="market.resolution.outcome.claimPayout" values={{ button: <ClaimButtonName refund={false} /> }} />
      );
      break;
    }
  }
  return (
    <OutcomeBox
      data-testid="resolution-outcome"
      data-outcome={outcome.kind}
      data-reason={outcome.kind === 'void' || outcome.kind === 'invalid' ? outcome.reason : undefined}
    >
      {(['why', 'late', 'back', 'how'] as const).map(
        (line) =>
          lines[line] !== undefined && (
            <p key={line} data-line={line}>
              {lines[line]}
            </p>
          ),
      )}
    </OutcomeBox>
  );
}

/**
 * The result as it stands: how a final market ended (void, cancelled, invalid, finished) and what that
 * means for each participant, the issuer's confirmed claim and when, the window left, the DAO's decision.
 */
export function ResultSummary({ market, now }: { market: MarketDetail; now: number }) {
  const standing = optionAt(market, market.result);
  const issuerClaim = optionAt(market, market.issuerResult);
  const dao = optionAt(market, market.daoResult);
  const outcome = finalOutcome(market);
  if (market.confirmedAt === null && dao === undefined) {
    // Nothing was confirmed: a final market says how it ended; any other is still waiting for its issuer.
    return outcome !== null ? (
      <OutcomeText market={market} outcome={outcome} />
    ) : (
      <p data-testid="resolution-result" data-result="none">
        <FormattedMessage id="market.resolution.noResult" />
      </p>
    );
  }
  return (
    <>
      {outcome !== null && <OutcomeText market={market} outcome={outcome} />}
      <Facts>
        {standing !== undefined && (
          <div>
            <dt>
              <FormattedMessage id="market.resolution.result" />
            </dt>
            <dd data-testid="resolution-result" data-result={standing.index}>
              <OptionName option={standing} />
              {market.early && (
                <>
                  {' '}
                  <FormattedMessage id="market.resolution.early" />
                </>
              )}
            </dd>
          </div>
        )}
        {issuerClaim !== undefined && issuerClaim.index !== standing?.index && (
          <div>
            <dt>
              <FormattedMessage id="market.resolution.issuerResult" />
            </dt>
            <dd>
              <OptionName option={issuerClaim} />
            </dd>
          </div>
        )}
        {market.confirmedAt !== null && (
          <div>
            <dt>
              <FormattedMessage id="market.resolution.confirmedAt" />
            </dt>
            <dd data-testid="resolution-confirmed-at" data-time={market.confirmedAt}>
              <When time={market.confirmedAt} />
            </dd>
          </div>
        )}
        {market.early && market.knownAt !== null && market.knownAt > 0 && (
          <div>
            <dt>
              <FormattedMessage id="market.resolution.knownAt" />
            </dt>
            <dd data-testid="resolution-known-at">
              <When time={market.knownAt} />
            </dd>
          </div>
        )}
        {market.windowEnd !== null &&
          market.finalizedAt === null &&
          (market.phase === 'Confirmed' || market.phase === 'Challenging') && (
            <div>
              <dt>
                <FormattedMessage id="market.resolution.windowEnd" />
              </dt>
              <dd>
                <Moment target={market.windowEnd} now={now} testId="resolution-window-end" />
              </dd>
            </div>
          )}
        {market.phase === 'Challenging' && market.responseEnd !== null && (
          <div>
            <dt>
              <FormattedMessage id="market.resolution.responseEnd" />
            </dt>
            <dd>
              <Moment target={market.responseEnd} now={now} testId="resolution-response-end" />
            </dd>
          </div>
        )}
        {dao !== undefined && (
          <div>
            <dt>
              <FormattedMessage id="market.resolution.daoResult" />
            </dt>
            <dd data-testid="resolution-dao-result" data-result={dao.index}>
              <OptionName option={dao} />
            </dd>
          </div>
        )}
        {market.finalizedAt !== null && (
          <div>
            <dt>
              <FormattedMessage id="market.resolution.finalizedAt" />
            </dt>
            <dd data-testid="resolution-finalized-at">
              <When time={market.finalizedAt} />
            </dd>
          </div>
        )}
      </Facts>
    </>
  );
}
