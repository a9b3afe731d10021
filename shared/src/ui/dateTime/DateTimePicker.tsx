import { useState } from 'react';
import {
  Button,
  Calendar,
  CalendarCell,
  CalendarGrid,
  DateInput,
  DatePicker,
  DateSegment,
  Dialog,
  Group,
  Heading,
  I18nProvider,
  Label,
  Popover,
} from 'react-aria-components';
import styled from '@emotion/styled';
import { useIntl } from 'react-intl';
import type { DateTimeFieldProps } from '../DateTimeField';
import { secondsOf, timeZoneName, viewerTimeZone, zonedOf } from './zonedTime';

// The lazily loaded half of DateTimeField (react-aria-components): a segmented date-time input that
// reads and writes in the page's language and calendar, its time zone shown, with a calendar popover.

const Root = styled(DatePicker)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.xs};
  min-width: 0;
`;

const FieldLabel = styled(Label)`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const Box = styled(Group)`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.xs};
  width: 100%;
  min-height: 2.5em;
  padding-block: 0;
  padding-inline: ${({ theme }) => theme.spacing.md} ${({ theme }) => theme.spacing.xs};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.font.size.md};
  line-height: 1.3;

  &[data-hovered] {
    border-color: ${({ theme }) => theme.colors.textMuted};
  }
  &[data-focus-within] {
    outline: 2px solid ${({ theme }) => theme.colors.primary};
    border-color: ${({ theme }) => theme.colors.primary};
  }
  &[data-invalid] {
    border-color: ${({ theme }) => theme.colors.danger};
  }
  &[data-disabled] {
    opacity: 0.6;
    background: ${({ theme }) => theme.colors.surfaceAlt};
  }
`;

const Segments = styled(DateInput)`
  display: flex;
  flex: 1;
  flex-wrap: wrap;
  align-items: center;
  min-width: 0;
  padding: ${({ theme }) => theme.spacing.xs} 0;
  font-variant-numeric: tabular-nums;
  /* Segments are laid out in the locale's order; the page's direction must not reorder them again. */
  unicode-bidi: isolate;
`;

const Segment = styled(DateSegment)`
  padding: 0 0.04em;
  border-radius: ${({ theme }) => theme.radii.sm};
  outline: none;
  white-space: nowrap;
  &[data-placeholder] {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  &[data-type='literal'] {
    padding: 0;
    white-space: pre;
  }
  &[data-type='timeZoneName'] {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.font.size.sm};
  }
  &[data-focused] {
    background: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.primaryText};
  }
`;

const IconButton = styled(Button)`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  flex: none;
  width: 2.2em;
  height: 2.2em;
  padding: 0;
  border: 0;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: transparent;
  color: ${({ theme }) => theme.colors.primary};
  cursor: pointer;
  &[data-hovered] {
    background: ${({ theme }) => theme.colors.surfaceAlt};
  }
  &[data-focus-visible] {
    outline: 2px solid ${({ theme }) => theme.colors.primary};
  }
  &[data-disabled] {
    color: ${({ theme }) => theme.colors.textMuted};
    cursor: default;
  }
  svg {
    width: 1.2em;
    height: 1.2em;
  }
  /* A chevron points the way it moves in time: leftward is later right to left. */
  [dir='rtl'] & .chevron {
    transform: scaleX(-1);
  }
`;

const Zone = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.xs};
`;

const Sheet = styled(Popover)`
  padding: ${({ theme }) => theme.spacing.sm};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  box-shadow: ${({ theme }) => theme.shadow.raised};
  font-size: ${({ theme }) => theme.font.size.md};
  /* Never wider than a phone's screen. */
  max-width: calc(100vw - 16px);
  overflow: auto;
`;

const Month = styled(Calendar)`
  header {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: ${({ theme }) => theme.spacing.sm};
    margin-bottom: ${({ theme }) => theme.spacing.xs};
  }
  h2 {
    font-size: ${({ theme }) => theme.font.size.md};
    font-weight: ${({ theme }) => theme.font.weight.bold};
  }
  table {
    border-collapse: collapse;
  }
  th {
    padding-bottom: ${({ theme }) => theme.spacing.xs};
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.font.size.xs};
    font-weight: ${({ theme }) => theme.font.weight.regular};
  }
`;

const Day = styled(CalendarCell)`
  display: flex;
  align-items: center;
  justify-content: center;
  width: 2.2em;
  height: 2.2em;
  margin: 1px;
  border-radius: ${({ theme }) => theme.radii.pill};
  font-variant-numeric: tabular-nums;
  cursor: pointer;
  outline: none;
  &[data-outside-month] {
    display: none;
  }
  &[data-hovered] {
    background: ${({ theme }) => theme.colors.surfaceAlt};
  }
  &[data-selected] {
    background: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.primaryText};
  }
  &[data-focus-visible] {
    outline: 2px solid ${({ theme }) => theme.colors.primary};
    outline-offset: 1px;
  }
  &[data-disabled],
  &[data-unavailable] {
    color: ${({ theme }) => theme.colors.textMuted};
    opacity: 0.45;
    cursor: default;
  }
`;

/** Drawn left to right; the button's style mirrors it right to left. */
function Chevron({ toward }: { toward: 'earlier' | 'later' }) {
  return (
    <svg className="chevron" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path
        d={toward === 'later' ? 'M6 3l5 5-5 5' : 'M10 3L5 8l5 5'}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function CalendarIcon() {
  return (
    <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <rect x="2" y="3" width="12" height="11" rx="1.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <path d="M2 6.5h12M5 1.5v3M11 1.5v3" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
    </svg>
  );
}

/** The field itself; DateTimeField loads it on first use. */
const PLACEHOLDER = {
  year: { id: 'common.dateTime.placeholder.year' },
  month: { id: 'common.dateTime.placeholder.month' },
  day: { id: 'common.dateTime.placeholder.day' },
} as const;

function isDatePart(type: string): type is keyof typeof PLACEHOLDER {
  return type in PLACEHOLDER;
}

export default function DateTimePicker({
  value,
  onChange,
  label,
  min,
  max,
  timeZone,
  invalid,
  disabled,
  'aria-labelledby': labelledBy,
  'aria-describedby': describedBy,
  'data-testid': testId,
}: DateTimeFieldProps) {
  const intl = useIntl();
  const zone = timeZone ?? viewerTimeZone();
  const zoned = value === null ? null : zonedOf(value, zone);
  // The field counts whole minutes: the earliest allowed is the first whole minute at or after `min`.
  const minValue = min === undefined ? undefined : zonedOf(Math.ceil(min / 60) * 60, zone);
  const maxValue = max === undefined ? undefined : zonedOf(max, zone);
  // What the segments start from when the field is empty (and what makes an empty field zoned).
  const [openedAt] = useState(() => Math.floor(Date.now() / 1000));
  const placeholder = zonedOf(min === undefined ? openedAt : Math.ceil(min / 60) * 60, zone);
  const named = timeZoneName(zone, intl.locale, value ?? min ?? openedAt);

  return (
    <I18nProvider locale={intl.locale}>
      <Root
        value={zoned}
        onChange={(next) => onChange(next === null ? null : secondsOf(next, zone))}
        granularity="minute"
        placeholderValue={placeholder}
        minValue={minValue}
        maxValue={maxValue}
        isInvalid={invalid}
        // Out-of-range moments are marked as they are typed, not only when a form is submitted.
        validationBehavior="aria"
        isDisabled={disabled}
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        data-testid={testId}
        data-value={value ?? ''}
        data-time-zone={zone}
      >
        {label !== undefined && <FieldLabel>{label}</FieldLabel>}
        <Box>
          <Segments>
            {(segment) => (
              <Segment segment={segment}>
                {/* The empty year, month and day in the page language's letters (react-aria has none for Vietnamese: 'yyyy'). */}
                {segment.isPlaceholder && isDatePart(segment.type) ? intl.formatMessage(PLACEHOLDER[segment.type]) : segment.text}
              </Segment>
            )}
          </Segments>
          <IconButton aria-label={intl.formatMessage({ id: 'common.dateTime.openCalendar' })} data-testid="date-time-open">
            <CalendarIcon />
          </IconButton>
        </Box>
        <Zone data-testid="date-time-zone">
          {intl.formatMessage({ id: 'common.dateTime.timeZone' }, { zone: named.name, offset: named.offset })}
        </Zone>
        <Sheet placement="bottom end">
          <Dialog aria-label={intl.formatMessage({ id: 'common.dateTime.calendar' })}>
            <Month>
              <header>
                <IconButton slot="previous" aria-label={intl.formatMessage({ id: 'common.dateTime.previousMonth' })}>
                  <Chevron toward="earlier" />
                </IconButton>
                <Heading />
                <IconButton slot="next" aria-label={intl.formatMessage({ id: 'common.dateTime.nextMonth' })}>
                  <Chevron toward="later" />
                </IconButton>
              </header>
              <CalendarGrid>{(date) => <Day date={date} />}</CalendarGrid>
            </Month>
          </Dialog>
        </Sheet>
      </Root>
    </I18nProvider>
  );
}
