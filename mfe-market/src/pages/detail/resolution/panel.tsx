import type { ReactNode } from 'react';
import { useIntl } from '@prds/shared/i18n';
import { type MarketOptionView } from '@prds/shared/markets';
import { styled } from '@prds/shared/theme';
import { DateTimeField, Select } from '@prds/shared/ui';

/** One resolution panel: a titled box inside the resolution section. */
const Box = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.sm};
  padding: ${({ theme }) => theme.spacing.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  min-width: 0;
`;

const Title = styled.h3`
  font-size: ${({ theme }) => theme.font.size.md};
  font-weight: ${({ theme }) => theme.font.weight.bold};
`;

export function Panel({ title, testId, children }: { title: ReactNode; testId: string; children: ReactNode }) {
  return (
    <Box data-testid={testId}>
      <Title>{title}</Title>
      {children}
    </Box>
  );
}

export const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.sm};
`;

/** The panels' labelled fields and messages are the kit's (re-exported for the panels that import them from here). */
export { ErrorText, Field } from '@prds/shared/ui';

export const TextArea = styled.textarea`
  min-height: 1.2rem;
  padding: ${({ theme }) => theme.spacing.sm};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  resize: vertical;
`;

/** A form (or group) laid out as a column. */
export const Stack = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.sm};
`;

/** A select of the market's options (by index), with 'choose an option' first. */
export function OptionSelect({
  options,
  value,
  onChange,
  testId,
}: {
  options: readonly Pick<MarketOptionView, 'index' | 'label'>[];
  value: string;
  onChange: (value: string) => void;
  testId: string;
}) {
  const intl = useIntl();
  return (
    <Select data-testid={testId} value={value} onChange={(event) => onChange(event.target.value)}>
      <option value="">{intl.formatMessage({ id: 'market.resolution.chooseOption' })}</option>
      {options.map((option) => (
        <option key={option.index} value={String(option.index)}>
          {/* An <option> holds text only: the option's name as a string, not <OptionName>. */}
          {option.label ?? intl.formatMessage({ id: 'common.market.option' }, { number: option.index + 1 })}
        </option>
      ))}
    </Select>
  );
}

/**
 * When the outcome became known (an early confirmation's time, a challenge's counter-claim): the shared
 * date-time field, in the viewer's language and time zone, bounded to the moments the contract accepts.
 */
export function KnownAtField({
  label,
  value,
  onChange,
  min,
  max,
  invalid,
  testId,
}: {
  label: ReactNode;
  value: number | null;
  onChange: (value: number | null) => void;
  min: number;
  max: number;
  invalid: boolean;
  testId: string;
}) {
  return (
    <DateTimeField label={label} value={value} onChange={onChange} min={min} max={max} invalid={invalid} data-testid={testId} />
  );
}
