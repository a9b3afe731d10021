import { keyframes } from '@emotion/react';
import styled from '@emotion/styled';

const pulse = keyframes`
  0%, 100% { opacity: 1; }
  50% { opacity: 0.45; }
`;

const Block = styled.span<{ $width: string; $height: string; $round: boolean }>`
  display: block;
  width: ${({ $width }) => $width};
  height: ${({ $height }) => $height};
  border-radius: ${({ theme, $round }) => ($round ? '50%' : theme.radii.sm)};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  animation: ${pulse} 1.4s ease-in-out infinite;
`;

export interface SkeletonProps {
  readonly width?: string;
  readonly height?: string;
  readonly round?: boolean;
  readonly className?: string;
}

/** A placeholder shape while data loads; hidden from assistive tech (pair it with a Spinner or aria-busy). */
export function Skeleton({ width = '100%', height = '1em', round = false, className }: SkeletonProps) {
  return <Block aria-hidden="true" $width={width} $height={height} $round={round} className={className} />;
}
