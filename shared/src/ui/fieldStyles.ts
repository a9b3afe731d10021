import { css, type Theme } from '@emotion/react';

/** What Input and Select share, so form controls line up. */
export const fieldStyles = (theme: Theme) => css`
  width: 100%;
  min-height: 2.5em;
  padding: ${theme.spacing.sm} ${theme.spacing.md};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surface};
  color: ${theme.colors.text};
  font-size: ${theme.font.size.md};
  line-height: 1.3;
  transition: border-color 0.15s ease;

  &::placeholder {
    color: ${theme.colors.textMuted};
    opacity: 1;
  }
  &:hover:not(:disabled) {
    border-color: ${theme.colors.textMuted};
  }
  &:focus-visible {
    outline: 2px solid ${theme.colors.primary};
    outline-offset: 0;
    border-color: ${theme.colors.primary};
  }
  &[aria-invalid='true'] {
    border-color: ${theme.colors.danger};
  }
  &:disabled {
    cursor: not-allowed;
    opacity: 0.6;
    background: ${theme.colors.surfaceAlt};
  }
`;
