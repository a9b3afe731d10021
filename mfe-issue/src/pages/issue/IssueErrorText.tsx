import { useFormat } from '@prds/shared/format';
import { FormattedMessage } from '@prds/shared/i18n';
import { ErrorText, TopUpLink, Usdt } from '@prds/shared/ui';
import { MODERATION_REASONS } from './moderationReasons';
import type { IssueFormError } from './validateIssueForm';

export interface IssueErrorTextProps {
  readonly error: IssueFormError | null | undefined;
  readonly id?: string;
  /** Announce it at once: for a message no field points to with aria-describedby. */
  readonly alert?: boolean;
}

/** One message of the form, its dates, amounts and reasons written in the user's language. */
export function IssueErrorText({ error, id, alert = false }: IssueErrorTextProps) {
  const format = useFormat();
  if (!error) return null;
  const date = format.dateTime;
  const reason = error.reason ? MODERATION_REASONS[error.reason] : { id: 'issue.moderation.unnamed' };
  const values = {
    ...(error.dates ? { eventEndDate: date(error.dates.eventEndDate), rentalEndDate: date(error.dates.rentalEndDate) } : {}),
    ...(error.amount !== undefined ? { amount: <Usdt wei={error.amount} /> } : {}),
    ...(error.max !== undefined ? { max: format.integer(error.max) } : {}),
    ...(error.id === 'issue.error.contentRefused' ? { reason: <FormattedMessage {...reason} /> } : {}),
  };
  return (
    <ErrorText
      id={id}
      role={alert ? 'alert' : undefined}
      data-testid="issue-error"
      data-error={error.id}
      {...(error.reason ? { 'data-reason': error.reason } : {})}
    >
      <FormattedMessage id={error.id} values={values} />
      {error.id === 'issue.error.insufficientBalance' && (
        <>
          {' '}
          <TopUpLink />
        </>
      )}
    </ErrorText>
  );
}
