import { keyframes } from '@emotion/react';
import styled from '@emotion/styled';
import { useIntl } from 'react-intl';

const spin = keyframes`
  to { transform: rotate(360deg); }
`;

const Ring = styled.span<{ $size: string }>`
  display: inline-block;
  flex: none;
  width: ${({ $size }) => $size};
  height: ${({ $size }) => $size};
  border: 0.15em solid currentColor;
  border-right-color: transparent;
  border-radius: 50%;
  animation: ${spin} 0.8s linear infinite;
  vertical-align: middle;
`;

export interface SpinnerProps {
  /** Any CSS length; 1em follows the surrounding text. */
  readonly size?: string;
  /** Accessible name; 'Loading…' by default. */
  readonly label?: string;
  readonly className?: string;
}

export function Spinner({ size = '1em', label, className }: SpinnerProps) {
  const intl = useIntl();
  return (
    <Ring role="status" aria-label={label ?? intl.formatMessage({ id: 'common.loading' })} $size={size} className={className} />
  );
}
