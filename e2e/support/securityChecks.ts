// What a security review checks on every answer and every page: the security headers, and any script
// that runs where it should not (a CSP violation or a dialog).
import type { Page } from '@playwright/test';
import { recordCspViolations } from './cspViolations';
import { expect } from './fixtures';

/** CSP (no framing, a default-src), X-Frame-Options DENY, nosniff and no referrer. */
export function expectSecurityHeaders(headers: Record<string, string | string[] | undefined>, what: string): void {
  const csp = String(headers['content-security-policy'] ?? '');
  expect(csp, `${what}: CSP`).toMatch(/frame-ancestors 'none'/);
  expect(csp, `${what}: CSP default-src`).toMatch(/default-src '(self|none)'/);
  expect(headers['x-frame-options'], `${what}: X-Frame-Options`).toBe('DENY');
  expect(headers['x-content-type-options'], `${what}: nosniff`).toBe('nosniff');
  expect(headers['referrer-policy'], `${what}: Referrer-Policy`).toBe('no-referrer');
}

/** Collects CSP violations and dialogs a page reports. */
export async function watchForScripts(page: Page): Promise<{ violations: string[]; dialogs: string[] }> {
  const seen = { violations: await recordCspViolations(page), dialogs: [] as string[] };
  page.on('dialog', (dialog) => {
    seen.dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return seen;
}
