import { Button, FormattedMessage, Input, styled, useIntl } from '@prds/shared';
import { IssueErrorText } from './IssueErrorText';
import type { IssueFormError } from './validateIssueForm';

export interface OptionDraft {
  /** Stable React key: options are added and removed in the middle. */
  readonly key: number;
  readonly text: string;
}

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

const Row = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  gap: ${({ theme }) => theme.spacing.sm};
  align-items: start;
`;

const Cell = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.xs};
  min-width: 0;
`;

const AddButton = styled(Button)`
  align-self: flex-start;
`;

export interface OptionsFieldProps {
  readonly options: readonly OptionDraft[];
  readonly listError?: IssueFormError;
  readonly optionErrors: readonly (IssueFormError | null)[];
  readonly onChange: (key: number, text: string) => void;
  readonly onAdd: () => void;
  readonly onRemove: (key: number) => void;
}

export function OptionsField({ options, listError, optionErrors, onChange, onAdd, onRemove }: OptionsFieldProps) {
  const intl = useIntl();
  return (
    <Fieldset data-testid="issue-options" aria-describedby="issue-options-error">
      <Legend>
        <FormattedMessage id="issue.form.options" />
      </Legend>
      {options.map((option, index) => {
        const error = optionErrors[index] ?? null;
        const errorId = `issue-option-${option.key}-error`;
        return (
          <Row key={option.key}>
            <Cell>
              <Input
                data-testid="issue-option"
                aria-label={intl.formatMessage({ id: 'issue.form.optionLabel' }, { index: index + 1 })}
                placeholder={intl.formatMessage({ id: 'issue.form.optionLabel' }, { index: index + 1 })}
                value={option.text}
                aria-invalid={error !== null}
                aria-describedby={errorId}
                onChange={(event) => onChange(option.key, event.target.value)}
              />
              <IssueErrorText id={errorId} error={error} />
            </Cell>
            <Button
              variant="ghost"
              data-testid="issue-option-remove"
              aria-label={intl.formatMessage({ id: 'issue.form.removeOption' }, { index: index + 1 })}
              onClick={() => onRemove(option.key)}
            >
              <FormattedMessage id="issue.form.remove" />
            </Button>
          </Row>
        );
      })}
      <IssueErrorText id="issue-options-error" error={listError} />
      <AddButton variant="secondary" size="sm" data-testid="issue-option-add" onClick={onAdd}>
        <FormattedMessage id="issue.form.addOption" />
      </AddButton>
    </Fieldset>
  );
}
