export type Device = 'mobile' | 'tablet' | 'desktop';

/** Spec §2/§9 breakpoints. */
export const TABLET_MIN_WIDTH = 768;
export const DESKTOP_MIN_WIDTH = 992;
/** The design is drawn at 750px wide, where 1rem = 100px. */
export const DESIGN_WIDTH = 750;
export const MAX_ROOT_FONT_SIZE = 100;

export function detectDevice(width: number): Device {
  if (width < TABLET_MIN_WIDTH) return 'mobile';
  if (width < DESKTOP_MIN_WIDTH) return 'tablet';
  return 'desktop';
}

/** Root font size in px: scales with the width, capped above the design width. */
export function rootFontSize(width: number): number {
  return Math.min((width / DESIGN_WIDTH) * MAX_ROOT_FONT_SIZE, MAX_ROOT_FONT_SIZE);
}
