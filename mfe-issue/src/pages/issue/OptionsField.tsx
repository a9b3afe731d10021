import { FormattedMessage, useIntl } from '@prds/shared/i18n';
import { styled } from '@prds/shared/theme';
import { Button, Input } from '@prds/shared/ui';
import { IssueErrorText } from './IssueErrorText';
import type { IssueFormError } from './validateIssueForm';

export interface OptionDraft {
  /** Stable React key: options are added, removed and moved in the middle. */
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

/** The option and its tools on one line; its message below across the whole row (a phone leaves the input narrow). */
const Row = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  column-gap: ${({ theme }) => theme.spacing.sm};
  row-gap: ${({ theme }) => theme.spacing.xs};
  align-items: center;

  & > [data-testid='issue-error'] {
    grid-column: 1 / -1;
  }
`;

const Tools = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.spacing.xs};
`;

const AddButton = styled(Button)`
  align-self: flex-start;
`;

export interface OptionsFieldProps {
  readonly options: readonly OptionDraft[];
  readonly listError?: IssueFormError;
  /** One per option, by position; null where that option is fine or its message is not shown yet. */
  readonly optionErrors: readonly (IssueFormError | null)[];
  readonly onChange: (key: number, text: string) => void;
  readonly onBlur: (key: number) => void;
  readonly onAdd: () => void;
  readonly onRemove: (key: number) => void;
  /** Moves the option one place up (-1) or down (+1). */
  readonly onMove: (key: number, by: -1 | 1) => void;
}

/** The market's options: add, remove and reorder them; each option's message under it, the list's under all. */
export function OptionsField({ options, listError, optionErrors, onChange, onBlur, onAdd, onRemove, onMove }: OptionsFieldProps) {
  const intl = useIntl();
  return (
    <Fieldset data-testid="issue-options" aria-describedby="issue-options-error">
      <Legend>
        <FormattedMessage id="issue.form.options" />
      </Legend>
      {options.map((option, index) => {
        const error = optionErrors[index] ?? null;
        const errorId = `issue-option-${option.key}-error`;
        const number = index + 1;
        return (
          <Row key={option.key} data-testid="issue-option-row">
            <Input
              data-testid="issue-option"
              aria-label={intl.formatMessage({ id: 'issue.form.optionLabel' }, { index: number })}
              placeholder={intl.formatMessage({ id: 'issue.form.optionLabel' }, { index: number })}
              value={option.text}
              aria-invalid={error !== null}
              aria-describedby={errorId}
              onChange={(event) => onChange(option.key, event.target.value)}
              onBlur={() => onBlur(option.key)}
            />
            <Tools>
              <Button
                variant="ghost"
                size="sm"
                data-testid="issue-option-up"
                disabled={index === 0}
                aria-label={intl.formatMessage({ id: 'issue.form.moveOptionUp' }, { index: number })}
                onClick={() => onMove(option.key, -1)}
              >
                ↑
              </Button>
              <Button
                variant="ghost"
                size="sm"
                data-testid="issue-option-down"
                disabled={index === options.length - 1}
                aria-label={intl.formatMessage({ id: 'issue.form.moveOptionDown' }, { index: number })}
                onClick={() => onMove(option.key, 1)}
              >
                ↓
              </Button>
              <Button
                variant="ghost"
                size="sm"
                data-testid="issue-option-remove"
                aria-label={intl.formatMessage({ id: 'issue.form.removeOption' }, { index: number })}
                onClick={() => onRemove(option.key)}
              >
                <FormattedMessage id="issue.form.remove" />
              </Button>
            </Tools>
            <IssueErrorText id={errorId} error={error} />
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
