import { FormattedMessage } from '@prds/shared/i18n';
import { styled } from '@prds/shared/theme';
import { Button, ErrorNotice, Spinner } from '@prds/shared/ui';
import { TransactionStatus } from '@prds/shared/wallet';
import { IssueErrorText } from './IssueErrorText';
import { Busy } from './issueFormLayout';
import { MODERATION_REASONS, moderationReason } from './moderationReasons';
import type { IssueSubmit } from './useIssueSubmit';
import type { IssueFormState } from './useIssueFormState';

const Submit = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.sm};
  align-items: stretch;

  @media ${({ theme }) => theme.breakpoints.tablet} {
    align-items: flex-end;
  }
`;

const Notice = styled.div<{ $tone: 'warning' | 'success' }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.xs};
  padding: ${({ theme }) => theme.spacing.sm} ${({ theme }) => theme.spacing.md};
  border-inline-start: 4px solid ${({ theme, $tone }) => theme.colors[$tone]};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  align-self: stretch;

  strong {
    color: ${({ theme, $tone }) => theme.colors[$tone]};
  }
`;

export interface SubmitSectionProps {
  readonly form: IssueFormState;
  readonly submit: IssueSubmit;
}

/** The form's foot: the network's message, the submit's stage (checking, held for review, failed, the transaction) and the button. */
export function SubmitSection({ form, submit }: SubmitSectionProps) {
  const { stage, tx, busy } = submit;
  const auditReason = stage.kind === 'audit' ? moderationReason(stage.reason) : null;
  return (
    <Submit>
      <IssueErrorText error={form.shown('network') ? form.validation.fields.network : undefined} alert />
      {stage.kind === 'checking' && (
        <Busy role="status" data-testid="issue-checking">
          <Spinner size="16px" />
          <FormattedMessage id="issue.submit.checking" />
        </Busy>
      )}
      {stage.kind === 'audit' && (
        <Notice $tone="warning" role="status" data-testid="issue-audit">
          <strong>
            <FormattedMessage id="issue.audit.title" />
          </strong>
          <span>
            <FormattedMessage id="issue.audit.body" />
          </span>
          {auditReason !== null && (
            <span data-testid="issue-audit-reason">
              <FormattedMessage
                id="issue.audit.reason"
                values={{ reason: <FormattedMessage {...MODERATION_REASONS[auditReason]} /> }}
              />
            </span>
          )}
        </Notice>
      )}
      {stage.kind === 'error' && <ErrorNotice error={stage.error} data-testid="issue-submit-error" />}
      <TransactionStatus state={tx.state} />
      <Button type="submit" size="lg" data-testid="issue-submit" loading={busy}>
        <FormattedMessage id="issue.form.submit" />
      </Button>
    </Submit>
  );
}
