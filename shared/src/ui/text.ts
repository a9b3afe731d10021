import styled from '@emotion/styled';

/** Secondary text: a hint, a note, an explanation beside the main content. */
export const Muted = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

/**
 * A field's or a form's message in words (validation, a refused action). Give it `role="alert"`
 * where nothing else announces it, and its id to the control's `aria-describedby`.
 */
export const ErrorText = styled.p`
  color: ${({ theme }) => theme.colors.danger};
  font-size: ${({ theme }) => theme.font.size.sm};
`;
