// `@prds/shared/theme`: Theme (day / night) and device sizes, emotion.
// Shared as a singleton of its own (shared/webpack/sharedModules.cjs); another domain imports it by this name.

export { deviceAtom } from '../device/deviceAtom';
export { currentThemeAtom } from './themeAtom';
// Theme
export {
  dayTheme,
  nightTheme,
  THEMES,
  FONT_FAMILY,
  isThemeMode,
  type PrdsTheme,
  type ThemeMode,
  type ThemeColors,
} from './tokens';
export { resolveInitialTheme, THEME_STORAGE_KEY, PREFERS_DARK_QUERY } from './resolveInitialTheme';
export { ThemeProvider, useThemeMode, type ThemeModeControls } from './ThemeProvider';
export { GlobalStyles, globalStyles } from './GlobalStyles';
export { css, Global, useTheme, keyframes, type Theme } from '@emotion/react';
export { default as styled } from '@emotion/styled';
// Device
export {
  detectDevice,
  rootFontSize,
  TABLET_MIN_WIDTH,
  DESKTOP_MIN_WIDTH,
  DESIGN_WIDTH,
  MAX_ROOT_FONT_SIZE,
  type Device,
} from '../device/device';
export { DeviceSync, useDeviceSync, applyDeviceToDocument } from '../device/DeviceSync';
