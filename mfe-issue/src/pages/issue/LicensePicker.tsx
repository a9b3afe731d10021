import type { FocusEvent } from 'react';
import { Link } from 'react-router-dom';
import { useFormat } from '@prds/shared/format';
import { FormattedMessage, useIntl } from '@prds/shared/i18n';
import { paths } from '@prds/shared/routes';
import { styled } from '@prds/shared/theme';
import { Badge, Muted, Skeleton } from '@prds/shared/ui';
import { IssueErrorText } from './IssueErrorText';
import type { LicenseChoice } from './issuingLicenses';
import type { IssueFormError } from './validateIssueForm';

const Fieldset = styled.fieldset`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.sm};
  min-width: 0;
  margin: 0;
  padding: 0;
  border: 0;
`;

const Legend = styled.legend`
  padding: 0;
  margin-bottom: ${({ theme }) => theme.spacing.xs};
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;

const Choices = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.spacing.sm};
  grid-template-columns: minmax(0, 1fr);

  @media ${({ theme }) => theme.breakpoints.tablet} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;

const Choice = styled.label<{ $chosen: boolean; $invalid: boolean }>`
  display: flex;
  gap: ${({ theme }) => theme.spacing.sm};
  align-items: flex-start;
  padding: ${({ theme }) => theme.spacing.sm} ${({ theme }) => theme.spacing.md};
  border: 1px solid
    ${({ theme, $chosen, $invalid }) => ($chosen ? theme.colors.primary : $invalid ? theme.colors.danger : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme, $chosen }) => ($chosen ? theme.colors.surfaceAlt : 'transparent')};
  cursor: pointer;

  input {
    margin-top: 0.2em;
    accent-color: ${({ theme }) => theme.colors.primary};
  }
  &:focus-within {
    outline: 2px solid ${({ theme }) => theme.colors.primary};
    outline-offset: 1px;
  }
`;

const Lines = styled.span`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.xs};
  min-width: 0;

  strong {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: ${({ theme }) => theme.spacing.xs};
    font-weight: ${({ theme }) => theme.font.weight.medium};
  }
  small {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.font.size.sm};
  }
`;

const TYPE_LABEL = {
  common: { id: 'license.type.common' },
  scarcity: { id: 'license.type.scarcity' },
  attributive: { id: 'license.type.attributive' },
} as const;

export interface LicensePickerProps {
  readonly choices: readonly LicenseChoice[];
  readonly value: string;
  readonly onChange: (id: string) => void;
  /** Focus moved within or out of the group; the caller decides whether it left. */
  readonly onBlur: (event: FocusEvent<HTMLFieldSetElement>) => void;
  readonly error: IssueFormError | undefined;
  readonly loading: boolean;
  readonly connected: boolean;
}

/**
 * The Licenses the wallet can issue with now, each with its type, number, the markets it has left and,
 * when rented, the rental's end and the issues the rental still allows. (Without one the page shows NoUsableLicense instead of the form.)
 */
export function LicensePicker({ choices, value, onChange, onBlur, error, loading, connected }: LicensePickerProps) {
  const intl = useIntl();
  const date = useFormat().dateTime;
  return (
    <Fieldset data-testid="issue-license" aria-describedby="issue-license-error" onBlur={onBlur}>
      <Legend>
        <FormattedMessage id="issue.form.license" />
      </Legend>
      {!connected && (
        <Muted data-testid="issue-license-connect">
          <FormattedMessage id="issue.form.licenseConnect" />
        </Muted>
      )}
      {connected && loading && <Skeleton height="3.5em" />}
      {choices.length > 0 && (
        <Choices
          role="radiogroup"
          aria-label={intl.formatMessage({ id: 'issue.form.license' })}
          aria-invalid={error !== undefined}
          aria-describedby="issue-license-error"
        >
          {choices.map((choice) => (
            <Choice
              key={choice.id}
              $chosen={choice.id === value}
              $invalid={error !== undefined}
              data-testid="issue-license-option"
              data-license-id={choice.id}
              data-owned={choice.owned}
            >
              <input
                type="radio"
                name="issue-license"
                value={choice.id}
                checked={choice.id === value}
                onChange={() => onChange(choice.id)}
              />
              <Lines>
                <strong>
                  <FormattedMessage id="issue.form.licenseName" values={{ id: choice.id }} />
                  <Badge tone="neutral">
                    <FormattedMessage {...TYPE_LABEL[choice.type]} />
                  </Badge>
                  <Badge tone={choice.owned ? 'primary' : 'warning'}>
                    <FormattedMessage id={choice.owned ? 'issue.form.licenseOwned' : 'issue.form.licenseRented'} />
                  </Badge>
                </strong>
                <small>
                  <FormattedMessage
                    id="issue.form.licenseFacts"
                    values={{ number: choice.number, left: choice.availableTimes }}
                  />
                </small>
                {choice.rentalEndDate !== null && (
                  <small data-testid="issue-license-rental">
                    <FormattedMessage
                      id="issue.form.licenseRental"
                      values={{ end: date(choice.rentalEndDate), issues: choice.rentalIssuesLeft ?? 0 }}
                    />
                  </small>
                )}
              </Lines>
            </Choice>
          ))}
        </Choices>
      )}
      <IssueErrorText id="issue-license-error" error={error} />
      <Link to={paths.nft()} data-testid="issue-get-license">
        <FormattedMessage id="issue.form.getLicense" />
      </Link>
    </Fieldset>
  );
}
