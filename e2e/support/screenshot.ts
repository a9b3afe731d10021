// Full-page screenshots into e2e/screenshots/ (gitignored) for people to look at.
import path from 'node:path';
import type { Page } from '@playwright/test';

const SCREENSHOT_DIR = path.resolve(__dirname, '..', 'screenshots');

/** Where a screenshot named `file` goes (for element or viewport shots a spec takes itself). */
export function screenshotPath(file: string): string {
  return path.join(SCREENSHOT_DIR, file);
}

export async function capture(page: Page, file: string): Promise<void> {
  // Text drawn before web fonts settle would show fallback glyphs in the image.
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, file), fullPage: true, animations: 'disabled' });
}
