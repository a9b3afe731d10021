import { styled, useTheme } from '@prds/shared/theme';

const Art = styled.svg`
  width: 100%;
  max-width: 4.2rem;
  height: auto;
  justify-self: end;
  filter: drop-shadow(0 12px 28px rgba(0, 0, 0, 0.12));
`;

/**
 * Decoration only: a market card drawn as shapes (a price line and two option bars), so the hero has
 * a picture of the product without showing made-up market data.
 */
export function HeroArt() {
  const { colors } = useTheme();
  return (
    <Art viewBox="0 0 420 300" aria-hidden="true" focusable="false" data-testid="home-hero-art">
      <rect x="10" y="10" width="400" height="280" rx="20" fill={colors.surface} stroke={colors.border} />
      <rect x="36" y="38" width="170" height="14" rx="7" fill={colors.text} opacity="0.85" />
      <rect x="36" y="62" width="110" height="10" rx="5" fill={colors.textMuted} opacity="0.5" />
      <rect x="318" y="36" width="66" height="24" rx="12" fill={colors.success} opacity="0.16" />
      <circle cx="334" cy="48" r="5" fill={colors.success} />
      <rect x="346" y="44" width="28" height="8" rx="4" fill={colors.success} opacity="0.7" />
      <path
        d="M36 170 L80 150 L118 160 L160 118 L205 130 L250 96 L292 108 L340 78 L384 88"
        fill="none"
        stroke={colors.primary}
        strokeWidth="4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path
        d="M36 170 L80 150 L118 160 L160 118 L205 130 L250 96 L292 108 L340 78 L384 88 L384 186 L36 186 Z"
        fill={colors.primary}
        opacity="0.1"
      />
      <rect x="36" y="206" width="348" height="28" rx="8" fill={colors.surfaceAlt} />
      <rect x="36" y="206" width="236" height="28" rx="8" fill={colors.success} opacity="0.85" />
      <rect x="36" y="244" width="348" height="28" rx="8" fill={colors.surfaceAlt} />
      <rect x="36" y="244" width="112" height="28" rx="8" fill={colors.danger} opacity="0.75" />
    </Art>
  );
}
