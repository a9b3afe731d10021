import styled from '@emotion/styled';
import type { Theme } from '@emotion/react';

export type BadgeTone = 'neutral' | 'primary' | 'success' | 'danger' | 'warning';

function toneColor(theme: Theme, tone: BadgeTone): string {
  return tone === 'neutral' ? theme.colors.textMuted : theme.colors[tone];
}

/** The tone's share of the badge's tinted background and border (the rest is what it sits on). */
export const BADGE_TINT_PERCENT = 14;
/**
 * The tone's share of the label's colour, the rest the theme's text colour: the tone at full strength
 * on its own tint fell under WCAG AA's 4.5:1 in the day theme (success 3.7, warning 3.95, danger 4.06,
 * primary 4.22 — Lighthouse's color-contrast audit on every market state badge). Mixing in the text
 * colour darkens it by day and lightens it by night, so it keeps its hue and passes on every page
 * background (Badge.test.ts).
 */
export const BADGE_TEXT_TONE_PERCENT = 75;

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
  color: ${({ theme, tone = 'neutral' }) =>
    `color-mix(in srgb, ${toneColor(theme, tone)} ${BADGE_TEXT_TONE_PERCENT}%, ${theme.colors.text})`};
  background: ${({ theme, tone = 'neutral' }) =>
    `color-mix(in srgb, ${toneColor(theme, tone)} ${BADGE_TINT_PERCENT}%, transparent)`};
  border: 1px solid ${({ theme, tone = 'neutral' }) => `color-mix(in srgb, ${toneColor(theme, tone)} 30%, transparent)`};
`;
