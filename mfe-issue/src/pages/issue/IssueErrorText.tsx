import { ErrorText, FormattedMessage, useIntl } from '@prds/shared';
import type { IssueFormError } from './validateIssueForm';

export interface IssueErrorTextProps {
  readonly error: IssueFormError | null | undefined;
  readonly id?: string;
  /** Announce it at once: for a message no field points to with aria-describedby. */
  readonly alert?: boolean;
}

/** One validation message, its dates written in the user's language. */
export function IssueErrorText({ error, id, alert = false }: IssueErrorTextProps) {
  const intl = useIntl();
  if (!error) return null;
  const format = (ms: number) => intl.formatDate(ms, { dateStyle: 'medium', timeStyle: 'short' });
  const values = error.dates
    ? { eventEndDate: format(error.dates.eventEndDate), rentalEndDate: format(error.dates.rentalEndDate) }
    : undefined;
  return (
    <ErrorText id={id} role={alert ? 'alert' : undefined} data-testid="issue-error" data-error={error.id}>
      <FormattedMessage id={error.id} values={values} />
    </ErrorText>
  );
}
