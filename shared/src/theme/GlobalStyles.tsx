import { Global, css, type Theme } from '@emotion/react';
import { FONT_FAMILY } from './tokens';

// Desktop and tablet have a 100px root (width ≥ 750), so 0.16rem = 16px. On mobile the root is
// width/750×100 (50px at 375), so sizes are drawn at the 750px design scale and capped so a wide
// phone or a narrow window does not get oversized text.
const desktopScale = css`
  --prds-space-xs: 0.04rem;
  --prds-space-sm: 0.08rem;
  --prds-space-md: 0.16rem;
  --prds-space-lg: 0.24rem;
  --prds-space-xl: 0.4rem;
  --prds-font-xs: 0.12rem;
  --prds-font-sm: 0.14rem;
  --prds-font-md: 0.16rem;
  --prds-font-lg: 0.18rem;
  --prds-font-xl: 0.22rem;
  --prds-font-xxl: 0.3rem;
`;

const mobileScale = css`
  --prds-space-xs: min(0.08rem, 5px);
  --prds-space-sm: min(0.16rem, 10px);
  --prds-space-md: min(0.28rem, 16px);
  --prds-space-lg: min(0.4rem, 24px);
  --prds-space-xl: min(0.6rem, 36px);
  --prds-font-xs: clamp(10px, 0.22rem, 13px);
  --prds-font-sm: clamp(11px, 0.24rem, 14px);
  --prds-font-md: clamp(12px, 0.28rem, 16px);
  --prds-font-lg: clamp(14px, 0.32rem, 18px);
  --prds-font-xl: clamp(16px, 0.4rem, 22px);
  --prds-font-xxl: clamp(18px, 0.48rem, 28px);
`;

const cjkFirst = (families: string) => `${families}, ${FONT_FAMILY}`;

export const globalStyles = (theme: Theme) => css`
  :root {
    color-scheme: ${theme.mode === 'night' ? 'dark' : 'light'};
    ${desktopScale}
  }
  @media (max-width: 767.98px) {
    :root {
      ${mobileScale}
    }
  }
  html {
    /* Same rule DeviceSync applies, so the first paint is already scaled before scripts run. */
    font-size: min(calc(100vw / 7.5), 100px);
    -webkit-text-size-adjust: 100%;
    text-size-adjust: 100%;
  }
  html:lang(ja) body {
    font-family: ${cjkFirst('"Noto Sans CJK JP", "Hiragino Sans"')};
  }
  html:lang(ko) body {
    font-family: ${cjkFirst('"Noto Sans CJK KR", "Apple SD Gothic Neo"')};
  }
  *,
  *::before,
  *::after {
    box-sizing: border-box;
  }
  body {
    margin: 0;
    min-height: 100vh;
    background: ${theme.colors.bg};
    color: ${theme.colors.text};
    font-family: ${theme.font.family};
    font-size: ${theme.font.size.md};
    line-height: ${theme.font.lineHeight};
    -webkit-font-smoothing: antialiased;
    -moz-osx-font-smoothing: grayscale;
  }
  h1,
  h2,
  h3,
  h4,
  p {
    margin: 0;
  }
  a {
    color: ${theme.colors.primary};
  }
  button,
  input,
  select,
  textarea {
    font: inherit;
    color: inherit;
  }
  img,
  svg {
    max-width: 100%;
  }
  :focus-visible {
    outline: 2px solid ${theme.colors.primary};
    outline-offset: 2px;
  }
  ::selection {
    background: ${theme.colors.primary};
    color: ${theme.colors.primaryText};
  }
  @media (prefers-reduced-motion: reduce) {
    *,
    *::before,
    *::after {
      animation-duration: 0.01ms !important;
      animation-iteration-count: 1 !important;
      transition-duration: 0.01ms !important;
    }
  }
`;

export function GlobalStyles() {
  return <Global styles={globalStyles} />;
}
