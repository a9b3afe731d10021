import { THEMES } from '../theme/tokens';
import { BADGE_TEXT_TONE_PERCENT, BADGE_TINT_PERCENT, type BadgeTone } from './Badge';

// WCAG 2 contrast of the badge's label on its tint, computed the way the browser composes them:
// color-mix(in srgb) is a per-channel weighted mean, and the tint (the tone at BADGE_TINT_PERCENT over
// transparent) lies over whichever page background the badge sits on.
type Rgb = readonly [number, number, number];

const channelsOf = (hex: string): Rgb => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as unknown as Rgb;
const mix = (a: Rgb, b: Rgb, percentA: number): Rgb =>
  a.map((channel, i) => (channel * percentA + b[i]! * (100 - percentA)) / 100) as unknown as Rgb;
function luminance(color: Rgb): number {
  const [r, g, b] = color.map((channel) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as unknown as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
function contrast(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

const TONES: BadgeTone[] = ['neutral', 'primary', 'success', 'danger', 'warning'];

describe('Badge colours', () => {
  for (const theme of Object.values(THEMES)) {
    const { colors } = theme;
    for (const tone of TONES) {
      it(`${tone} in the ${theme.mode} theme reads at WCAG AA (4.5:1) on every page background`, () => {
        const toneColor = channelsOf(tone === 'neutral' ? colors.textMuted : colors[tone]);
        const label = mix(toneColor, channelsOf(colors.text), BADGE_TEXT_TONE_PERCENT);
        for (const background of [colors.bg, colors.surface, colors.surfaceAlt]) {
          const tint = mix(toneColor, channelsOf(background), BADGE_TINT_PERCENT);
          expect(contrast(label, tint)).toBeGreaterThanOrEqual(4.5);
        }
      });
    }
  }

  it('the tone at full strength would not (why the label mixes in the text colour)', () => {
    const { colors } = THEMES.day;
    const success = channelsOf(colors.success);
    expect(contrast(success, mix(success, channelsOf(colors.surface), BADGE_TINT_PERCENT))).toBeLessThan(4.5);
  });
});
