import { lazy, Suspense, type ReactNode } from 'react';
import styled from '@emotion/styled';
import { useFormat } from '@prds/shared/format';
import { fieldStyles } from './fieldStyles';

export interface DateTimeFieldProps {
  /** The chosen moment in unix seconds (chain time's unit), null while empty or incomplete. */
  readonly value: number | null;
  /** Called with the new moment (to the minute), or null once every part is cleared (a partly cleared field keeps its last moment). */
  readonly onChange: (value: number | null) => void;
  /** A visible label inside the field; or name it from outside with `aria-labelledby`. */
  readonly label?: ReactNode;
  readonly 'aria-labelledby'?: string;
  readonly 'aria-describedby'?: string;
  /**
   * Earliest and latest moments allowed (unix seconds), e.g. the chain's "now" for a last trading time:
   * days outside are disabled in the calendar and a typed moment outside marks the field invalid. The
   * caller still checks the value and says what is wrong.
   */
  readonly min?: number;
  readonly max?: number;
  /** IANA time zone the moment is read and written in; the viewer's own by default. Always shown. */
  readonly timeZone?: string;
  /** The caller's validation found the value wrong. */
  readonly invalid?: boolean;
  readonly disabled?: boolean;
  readonly 'data-testid'?: string;
}

// react-aria-components (the picker) is loaded on first use, never in a page's first render.
const DateTimePicker = lazy(() => import('./dateTime/DateTimePicker'));

const Placeholder = styled.div`
  ${({ theme }) => fieldStyles(theme)}
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** Until the picker has loaded: a field of the same size showing the moment, so nothing jumps. */
function Loading({ value, label }: Pick<DateTimeFieldProps, 'value' | 'label'>) {
  const format = useFormat();
  return (
    <div aria-busy="true">
      {label !== undefined && <div>{label}</div>}
      <Placeholder>{value === null ? '\u00a0' : format.dateTime(value)}</Placeholder>
    </div>
  );
}

/**
 * A date and time in the page's language (its digits, order, calendar and direction) with the time
 * zone shown and a calendar to pick the day from, instead of the browser's own control that stays in the
 * browser's language ('mm/dd/yyyy').
 */
export function DateTimeField(props: DateTimeFieldProps) {
  return (
    <Suspense fallback={<Loading value={props.value} label={props.label} />}>
      <DateTimePicker {...props} />
    </Suspense>
  );
}
