export type ThemeMode = 'day' | 'night';

export interface ThemeColors {
  readonly bg: string;
  readonly surface: string;
  readonly surfaceAlt: string;
  readonly text: string;
  readonly textMuted: string;
  readonly primary: string;
  readonly primaryText: string;
  readonly border: string;
  readonly success: string;
  readonly danger: string;
  readonly warning: string;
}

type Scale = { readonly xs: string; readonly sm: string; readonly md: string; readonly lg: string; readonly xl: string };

export interface PrdsTheme {
  readonly mode: ThemeMode;
  readonly colors: ThemeColors;
  readonly radii: { readonly sm: string; readonly md: string; readonly lg: string; readonly pill: string };
  /** Values are CSS variables whose rem size differs on mobile (see globalStyles). */
  readonly spacing: Scale;
  readonly font: {
    readonly family: string;
    readonly mono: string;
    readonly size: Scale & { readonly xxl: string };
    readonly weight: { readonly regular: number; readonly medium: number; readonly bold: number };
    readonly lineHeight: number;
  };
  readonly shadow: { readonly card: string; readonly raised: string };
  readonly breakpoints: { readonly tablet: string; readonly desktop: string };
}

declare module '@emotion/react' {
  // Emotion's Theme is an empty interface meant to be augmented with the app's tokens.
  export interface Theme extends PrdsTheme {}
}

// Latin first, then CJK, Thai and Arabic families so each script finds a glyph
// (Debian's fonts-noto-cjk and fonts-thai-tlwg provide Noto Sans CJK and Loma/Garuda).
export const FONT_FAMILY = [
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  '"Noto Sans"',
  '"Noto Sans CJK SC"',
  '"Noto Sans CJK JP"',
  '"Noto Sans CJK KR"',
  '"PingFang SC"',
  '"Hiragino Sans"',
  '"Microsoft YaHei"',
  '"Noto Sans Thai"',
  'Loma',
  'Garuda',
  '"Noto Sans Arabic"',
  '"Noto Naskh Arabic"',
  'sans-serif',
  '"Apple Color Emoji"',
  '"Segoe UI Emoji"',
  '"Noto Color Emoji"',
].join(', ');

export const MONO_FONT_FAMILY = 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace';

const shared = {
  radii: { sm: '0.04rem', md: '0.08rem', lg: '0.12rem', pill: '999px' },
  spacing: {
    xs: 'var(--prds-space-xs)',
    sm: 'var(--prds-space-sm)',
    md: 'var(--prds-space-md)',
    lg: 'var(--prds-space-lg)',
    xl: 'var(--prds-space-xl)',
  },
  font: {
    family: FONT_FAMILY,
    mono: MONO_FONT_FAMILY,
    size: {
      xs: 'var(--prds-font-xs)',
      sm: 'var(--prds-font-sm)',
      md: 'var(--prds-font-md)',
      lg: 'var(--prds-font-lg)',
      xl: 'var(--prds-font-xl)',
      xxl: 'var(--prds-font-xxl)',
    },
    weight: { regular: 400, medium: 500, bold: 700 },
    lineHeight: 1.5,
  },
  breakpoints: { tablet: '(min-width: 768px)', desktop: '(min-width: 992px)' },
} as const;

export const dayTheme: PrdsTheme = {
  ...shared,
  mode: 'day',
  colors: {
    bg: '#f4f6fa',
    surface: '#ffffff',
    surfaceAlt: '#edf0f6',
    text: '#121826',
    textMuted: '#566075',
    primary: '#2459e0',
    primaryText: '#ffffff',
    border: '#d9dfe9',
    success: '#0f7f4a',
    danger: '#c4242f',
    warning: '#9a5b00',
  },
  shadow: {
    card: '0 1px 2px rgba(18, 24, 38, 0.06), 0 1px 3px rgba(18, 24, 38, 0.08)',
    raised: '0 8px 24px rgba(18, 24, 38, 0.12)',
  },
};

export const nightTheme: PrdsTheme = {
  ...shared,
  mode: 'night',
  colors: {
    bg: '#0c1018',
    surface: '#151b26',
    surfaceAlt: '#1d2533',
    text: '#e7ebf2',
    textMuted: '#9aa5b8',
    primary: '#6f9bff',
    primaryText: '#0a1020',
    border: '#2a3344',
    success: '#3ccf83',
    danger: '#ff6b74',
    warning: '#f2b34a',
  },
  shadow: {
    card: '0 1px 2px rgba(0, 0, 0, 0.4)',
    raised: '0 8px 24px rgba(0, 0, 0, 0.5)',
  },
};

export const THEMES: Record<ThemeMode, PrdsTheme> = { day: dayTheme, night: nightTheme };

export function isThemeMode(value: unknown): value is ThemeMode {
  return value === 'day' || value === 'night';
}
