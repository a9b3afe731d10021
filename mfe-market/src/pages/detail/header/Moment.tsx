import { useFormat } from '@prds/shared/format';
import { FormattedMessage } from '@prds/shared/i18n';
import { Countdown } from '@prds/shared/markets';
import { styled } from '@prds/shared/theme';

const Line = styled.span`
  display: flex;
  flex-wrap: wrap;
  gap: 0 ${({ theme }) => theme.spacing.sm};
`;

const When = styled.time`
  color: ${({ theme }) => theme.colors.textMuted};
  font-weight: ${({ theme }) => theme.font.weight.regular};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

/** A deadline: a live countdown from chain time (or 'Ended'), and its date-time in the page's language, zone stated. */
export function Moment({ target, now, testId }: { target: number; now: number; testId: string }) {
  const format = useFormat();
  const date = new Date(target * 1000);
  return (
    <Line>
      <span data-testid={testId} data-target={target}>
        {target > now ? <Countdown target={target} now={now} /> : <FormattedMessage id="market.detail.ended" />}
      </span>
      <When dateTime={date.toISOString()}>{format.dateTime(target)}</When>
    </Line>
  );
}
