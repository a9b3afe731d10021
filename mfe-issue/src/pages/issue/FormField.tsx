import type { ReactNode } from 'react';
import { styled } from '@prds/shared/theme';
import { IssueErrorText } from './IssueErrorText';
import type { IssueFormError } from './validateIssueForm';

const Wrapper = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.xs};
  min-width: 0;
`;

const Label = styled.label`
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;

const Hint = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.xs};
`;

export interface FormFieldProps {
  /** id of the control the label names. */
  readonly htmlFor: string;
  readonly label: ReactNode;
  readonly hint?: ReactNode;
  readonly error?: IssueFormError | null;
  readonly children: ReactNode;
}

/**
 * Label, control, hint and the field's inline message; the control should set aria-describedby to
 * `${htmlFor}-error`. A control that is not a form element (the date-time field) is named by the label's
 * id, `${htmlFor}-label`, through aria-labelledby.
 */
export function FormField({ htmlFor, label, hint, error, children }: FormFieldProps) {
  return (
    <Wrapper>
      <Label htmlFor={htmlFor} id={`${htmlFor}-label`}>
        {label}
      </Label>
      {children}
      {hint !== undefined && <Hint>{hint}</Hint>}
      <IssueErrorText id={`${htmlFor}-error`} error={error} />
    </Wrapper>
  );
}
