import type { ButtonHTMLAttributes } from 'react';
import { css, type Theme } from '@emotion/react';
import styled from '@emotion/styled';
import { Spinner } from './Spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost';
export type ButtonSize = 'sm' | 'md' | 'lg';

const variantStyles = (theme: Theme, variant: ButtonVariant) => {
  switch (variant) {
    case 'primary':
      return css`
        background: ${theme.colors.primary};
        color: ${theme.colors.primaryText};
        border-color: ${theme.colors.primary};
        &:hover:not(:disabled) {
          filter: brightness(1.08);
        }
      `;
    case 'secondary':
      return css`
        background: ${theme.colors.surface};
        color: ${theme.colors.text};
        border-color: ${theme.colors.border};
        &:hover:not(:disabled) {
          background: ${theme.colors.surfaceAlt};
        }
      `;
    case 'ghost':
      return css`
        background: transparent;
        color: ${theme.colors.primary};
        border-color: transparent;
        &:hover:not(:disabled) {
          background: ${theme.colors.surfaceAlt};
        }
      `;
  }
};

const sizeStyles = (theme: Theme, size: ButtonSize) => {
  const pad = { sm: theme.spacing.xs, md: theme.spacing.sm, lg: theme.spacing.md }[size];
  const font = { sm: theme.font.size.sm, md: theme.font.size.md, lg: theme.font.size.lg }[size];
  return css`
    padding: ${pad} calc(${pad} * 2);
    font-size: ${font};
  `;
};

const StyledButton = styled.button<{ $variant: ButtonVariant; $size: ButtonSize; $block: boolean }>`
  display: ${({ $block }) => ($block ? 'flex' : 'inline-flex')};
  width: ${({ $block }) => ($block ? '100%' : 'auto')};
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.spacing.xs};
  min-height: 2.5em;
  border: 1px solid transparent;
  border-radius: ${({ theme }) => theme.radii.md};
  font-weight: ${({ theme }) => theme.font.weight.medium};
  line-height: 1.2;
  cursor: pointer;
  white-space: nowrap;
  transition:
    background-color 0.15s ease,
    filter 0.15s ease,
    opacity 0.15s ease;
  ${({ theme, $variant }) => variantStyles(theme, $variant)}
  ${({ theme, $size }) => sizeStyles(theme, $size)}

  &:disabled {
    cursor: not-allowed;
    opacity: 0.55;
  }
`;

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  readonly variant?: ButtonVariant;
  readonly size?: ButtonSize;
  /** Full width of its container. */
  readonly block?: boolean;
  /** Shows a spinner and blocks clicks while an action runs. */
  readonly loading?: boolean;
}

export function Button({
  variant = 'primary',
  size = 'md',
  block = false,
  loading = false,
  disabled,
  type = 'button',
  children,
  ...rest
}: ButtonProps) {
  return (
    <StyledButton
      type={type}
      $variant={variant}
      $size={size}
      $block={block}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {/* aria-busy already tells assistive tech; the spinner is only for the eye. */}
      {loading && (
        <span aria-hidden="true" style={{ display: 'inline-flex' }}>
          <Spinner size="1em" />
        </span>
      )}
      {children}
    </StyledButton>
  );
}
