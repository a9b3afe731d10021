import { FormattedMessage } from '@prds/shared/i18n';
import { fetchIssueConfig, issueConfigQueryKey, useChainNow, type MarketDetailView } from '@prds/shared/markets';
import { queryKeys, useQuery } from '@prds/shared/query';
import { useWallet } from '@prds/shared/wallet';
import { DetailSection } from '../DetailSection';
import { AdvanceButton } from './AdvanceButton';
import { ChallengeForm } from './ChallengeForm';
import { ChallengesList } from './ChallengesList';
import { ClaimPanel } from './ClaimPanel';
import { IssuerPanel } from './IssuerPanel';
import { ResultSummary } from './ResultSummary';
import { VotePanel } from './VotePanel';
import { resolutionActions } from './resolutionActions';

/** Until the api's protocol parameters arrive, the deployment defaults (ARCHITECTURE "Defaults"). */
const DEFAULT_CONFIRMATION_PERIOD = 3 * 24 * 3600;

/**
 * Resolving a market (ARCHITECTURE "Protocol"): the result and its windows, the issuer's duties,
 * challenges with evidence, the community vote, and the claims the outcome gives.
 */
export function ResolutionSection({ view }: { view: MarketDetailView }) {
  const { account, isConnected } = useWallet();
  const now = useChainNow(view.now);
  const config = useQuery({ queryKey: issueConfigQueryKey, queryFn: () => fetchIssueConfig(), staleTime: 10 * 60_000 });
  const { market } = view;
  const me = isConnected ? account : null;
  const actions = resolutionActions(view, me, now, {
    confirmationPeriod: config.data?.confirmationPeriod ?? DEFAULT_CONFIRMATION_PERIOD,
  });
  const invalidate = [queryKeys.market(market.id), queryKeys.markets, ...(me ? [queryKeys.account(me)] : [])];
  const stake = config.data ? BigInt(config.data.challengeStake) : null;

  if (market.phase === 'Trading' && !actions.isIssuer && actions.advance === null) return null;

  return (
    <DetailSection id="resolution" title={<FormattedMessage id="market.resolution.title" />} testId="resolution-section">
      <ResultSummary market={market} now={now} />
      <AdvanceButton marketId={market.id} kind={actions.advance} invalidate={invalidate} />
      <IssuerPanel market={market} actions={actions} now={now} invalidate={invalidate} />
      <ChallengeForm market={market} availability={actions.challenge} stake={stake} invalidate={invalidate} />
      <ChallengesList market={market} challenges={view.challenges} />
      {view.vote !== null && <VotePanel market={market} vote={view.vote} actions={actions} now={now} invalidate={invalidate} />}
      <ClaimPanel
        market={market}
        account={me}
        positions={view.positions}
        challenges={view.challenges}
        vote={view.vote}
        actions={actions}
        invalidate={invalidate}
      />
    </DetailSection>
  );
}
