import styled from '@emotion/styled';

/**
 * A labelled control: the label's text above its control, in a column. By default a `<label>` that
 * wraps text and control; `as="div"` where the label is its own element (`<label htmlFor>`) beside
 * other parts (a balance, a message).
 */
export const Field = styled.label`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.xs};
  min-width: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;
