import { useId, type ReactNode } from 'react';
import { useFormat } from '@prds/shared/format';
import { ErrorText, Field, Input, Muted } from '@prds/shared/ui';

export interface NumberFieldProps {
  readonly label: ReactNode;
  /** The bounds, said beside the field before anything is typed. */
  readonly hint: ReactNode;
  readonly value: string;
  readonly onChange: (value: string) => void;
  /** The problem to show, or null. */
  readonly error: ReactNode | null;
  readonly errorKind?: string;
  readonly decimal?: boolean;
  readonly testId: string;
}

/** A price, days or issues field: its label, the bounds, and its message in words when the value is wrong. */
export function NumberField({ label, hint, value, onChange, error, errorKind, decimal = false, testId }: NumberFieldProps) {
  const format = useFormat();
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  return (
    <Field as="div">
      <label htmlFor={inputId}>{label}</label>
      <Input
        id={inputId}
        data-testid={testId}
        inputMode={decimal ? 'decimal' : 'numeric'}
        autoComplete="off"
        spellCheck={false}
        placeholder={decimal ? format.decimalExample('0', '0') : '0'}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error !== null}
        aria-describedby={error !== null ? `${hintId} ${errorId}` : hintId}
      />
      <Muted id={hintId} data-testid={`${testId}-hint`}>
        {hint}
      </Muted>
      {error !== null && (
        <ErrorText id={errorId} role="alert" data-testid={`${testId}-error`} data-kind={errorKind}>
          {error}
        </ErrorText>
      )}
    </Field>
  );
}
