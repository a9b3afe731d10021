import type { Page } from '@playwright/test';

/**
 * Collects the Content-Security-Policy violations a page reports (directive, blocked URI, sample),
 * from before its first script runs. Call before page.goto; the array fills as the page runs.
 */
export async function recordCspViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeBinding('__reportViolation', (_source, text: string) => {
    violations.push(text);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportViolation?: (text: string) => void }).__reportViolation;
      report?.(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`);
    });
  });
  return violations;
}
