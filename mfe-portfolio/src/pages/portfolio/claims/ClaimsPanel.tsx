import { Link } from 'react-router-dom';
import { PAY_TOKEN, PLATFORM_TOKEN } from '@prds/shared/chains';
import { FormattedMessage, type MessageDescriptor } from '@prds/shared/i18n';
import { type ClaimDue } from '@prds/shared/portfolio';
import { paths } from '@prds/shared/routes';
import { styled } from '@prds/shared/theme';
import { Button, ErrorNotice, Muted, Skeleton, UserText } from '@prds/shared/ui';
import { TransactionStatus, explorerTxUrl, useWallet } from '@prds/shared/wallet';
import { Row, Section, SectionTitle } from '../../../common/layout';
import { TokenAmount } from '../../../common/TokenAmount';
import { claimPlan, planTotals, type ClaimKind, type ClaimStep, type StepStatus } from './claimPlan';
import type { ClaimRunner } from './useClaimRunner';

const Steps = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.xs};
`;

const StepRow = styled.li<{ $status: StepStatus }>`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.sm};
  padding: ${({ theme }) => theme.spacing.xs} 0;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  color: ${({ $status, theme }) => ($status === 'notSent' ? theme.colors.textMuted : theme.colors.text)};
`;

const Grow = styled.span`
  flex: 1 1 12em;
  min-width: 0;
`;

const Status = styled.span<{ $status: StepStatus }>`
  font-weight: ${({ theme }) => theme.font.weight.medium};
  color: ${({ $status, theme }) =>
    $status === 'claimed'
      ? theme.colors.success
      : $status === 'failed' || $status === 'cancelled'
        ? theme.colors.danger
        : theme.colors.textMuted};
`;

const KIND_LABEL = {
  position: { id: 'portfolio.claim.kind.payout' },
  compensation: { id: 'portfolio.claim.kind.compensation' },
  voterReward: { id: 'portfolio.claim.kind.voterReward' },
  referral: { id: 'portfolio.claim.kind.referral' },
} as const satisfies Record<ClaimKind, MessageDescriptor>;

const STATUS_LABEL = {
  waiting: { id: 'portfolio.claim.status.waiting' },
  running: { id: 'portfolio.claim.status.running' },
  claimed: { id: 'portfolio.claim.status.claimed' },
  failed: { id: 'portfolio.claim.status.failed' },
  cancelled: { id: 'portfolio.claim.status.cancelled' },
  notSent: { id: 'portfolio.claim.status.notSent' },
} as const satisfies Record<StepStatus, MessageDescriptor>;

function StepLabel({ step }: { step: ClaimStep }) {
  return step.kind === 'position' && step.refund ? (
    <FormattedMessage id="portfolio.claim.kind.refund" />
  ) : (
    <FormattedMessage {...KIND_LABEL[step.kind]} values={{ number: (step.index ?? 0) + 1 }} />
  );
}

function StepAmount({ step }: { step: ClaimStep }) {
  const token = step.token === 'payToken' ? PAY_TOKEN : PLATFORM_TOKEN;
  return <TokenAmount wei={step.amount} symbol={token.symbol} decimals={token.decimals} />;
}

function MarketLink({ marketId, event }: { marketId: string; event: string | null }) {
  return (
    <Link to={paths.detail(marketId)}>
      {event === null ? (
        <FormattedMessage id="common.market.untitled" values={{ id: marketId }} />
      ) : (
        <UserText text={event} lines={1} />
      )}
    </Link>
  );
}

/** The progress of a claim run: each transaction's step, its outcome and its explorer link. */
function Progress({ runner }: { runner: ClaimRunner }) {
  const { desiredChainId } = useWallet();
  const run = runner.run;
  if (run === null) return null;
  const claimed = run.statuses.filter((s) => s === 'claimed').length;
  const stoppedAt = run.statuses.findIndex((s) => s === 'cancelled' || s === 'failed');
  const notSent = run.statuses.filter((s) => s === 'notSent').length;
  return (
    <div data-testid="claim-progress" aria-live="polite">
      <p data-testid="claim-progress-summary">
        {stoppedAt >= 0 ? (
          <FormattedMessage
            id={run.statuses[stoppedAt] === 'cancelled' ? 'portfolio.claim.progress.refused' : 'portfolio.claim.progress.failed'}
            values={{ number: stoppedAt + 1, total: run.steps.length, notSent }}
          />
        ) : (
          <FormattedMessage id="portfolio.claim.progress.count" values={{ claimed, total: run.steps.length }} />
        )}
      </p>
      <Steps>
        {run.steps.map((step, i) => {
          const status = run.statuses[i] ?? 'waiting';
          const hash = run.hashes[i] ?? null;
          const url = hash === null ? null : explorerTxUrl(desiredChainId, hash);
          return (
            <StepRow key={step.key} $status={status} data-testid={`claim-step-${step.key}`} data-status={status}>
              <Grow>
                <StepLabel step={step} /> · <MarketLink marketId={step.marketId} event={step.event} />
              </Grow>
              <StepAmount step={step} />
              <Status $status={status}>
                <FormattedMessage {...STATUS_LABEL[status]} />
              </Status>
              {url !== null && (
                <a href={url} target="_blank" rel="noopener noreferrer">
                  <FormattedMessage id="tx.viewOnExplorer" />
                </a>
              )}
            </StepRow>
          );
        })}
      </Steps>
      <TransactionStatus state={runner.tx.state} />
      {!runner.busy && (
        <Button variant="secondary" size="sm" onClick={runner.dismiss} data-testid="claim-progress-dismiss">
          <FormattedMessage id="portfolio.claim.progress.dismiss" />
        </Button>
      )}
    </div>
  );
}

/**
 * What the protocol owes the account now (`/api/user/claims`), each due with its own claim, and
 * 'Claim all': every due amount, one transaction per claim call, with one progress view.
 */
export function ClaimsPanel({
  dues,
  loading,
  error,
  onRetry,
  runner,
}: {
  dues: readonly ClaimDue[];
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  runner: ClaimRunner;
}) {
  const plan = claimPlan(dues);
  const totals = planTotals(plan);
  let body;
  if (loading) body = <Skeleton height="2.5em" />;
  else if (error) body = <ErrorNotice error={error} onRetry={onRetry} data-testid="claims-error" />;
  else if (plan.length === 0)
    body = (
      <Muted data-testid="claims-none">
        <FormattedMessage id="portfolio.claim.none" />
      </Muted>
    );
  else
    body = (
      <>
        <Row>
          <span data-testid="claims-total">
            <FormattedMessage
              id="portfolio.claim.total"
              values={{
                usdt: <TokenAmount wei={totals.payToken} compact data-testid="claims-total-usdt" />,
                prds: (
                  <TokenAmount
                    wei={totals.platformToken}
                    symbol={PLATFORM_TOKEN.symbol}
                    decimals={PLATFORM_TOKEN.decimals}
                    compact
                    data-testid="claims-total-prds"
                  />
                ),
                count: plan.length,
              }}
            />
          </span>
          <Button disabled={runner.busy} onClick={() => void runner.start(plan)} data-testid="claim-all">
            <FormattedMessage id="portfolio.claim.all" values={{ count: plan.length }} />
          </Button>
        </Row>
        <Steps data-testid="claims-list">
          {plan.map((step) => (
            <StepRow key={step.key} $status="waiting" data-testid={`claim-due-${step.key}`}>
              <Grow>
                <StepLabel step={step} /> · <MarketLink marketId={step.marketId} event={step.event} />
              </Grow>
              <StepAmount step={step} />
              <Button
                size="sm"
                variant="secondary"
                disabled={runner.busy}
                onClick={() => void runner.start([step])}
                data-testid={`claim-one-${step.key}`}
              >
                <FormattedMessage id="portfolio.claim.one" />
              </Button>
            </StepRow>
          ))}
        </Steps>
      </>
    );
  return (
    <Section as="section" aria-labelledby="portfolio-claims-title" data-testid="portfolio-claims">
      <SectionTitle id="portfolio-claims-title">
        <FormattedMessage id="portfolio.claim.title" />
      </SectionTitle>
      {body}
      <Progress runner={runner} />
    </Section>
  );
}
