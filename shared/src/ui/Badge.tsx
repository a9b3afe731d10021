import styled from '@emotion/styled';
import type { Theme } from '@emotion/react';

export type BadgeTone = 'neutral' | 'primary' | 'success' | 'danger' | 'warning';

function toneColor(theme: Theme, tone: BadgeTone): string {
  return tone === 'neutral' ? theme.colors.textMuted : theme.colors[tone];
}

/** A short status label (market state, License type). */
export const Badge = styled.span<{ tone?: BadgeTone }>`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.xs};
  padding: 0.15em 0.6em;
  border-radius: ${({ theme }) => theme.radii.pill};
  font-size: ${({ theme }) => theme.font.size.xs};
  font-weight: ${({ theme }) => theme.font.weight.medium};
  line-height: 1.5;
  white-space: nowrap;
  max-width: 100%;
  min-width: 0;
  color: ${({ theme, tone = 'neutral' }) => toneColor(theme, tone)};
  background: ${({ theme, tone = 'neutral' }) => `color-mix(in srgb, ${toneColor(theme, tone)} 14%, transparent)`};
  border: 1px solid ${({ theme, tone = 'neutral' }) => `color-mix(in srgb, ${toneColor(theme, tone)} 30%, transparent)`};
`;
