// axe-core (through @axe-core/playwright) on the page as it stands: the WCAG 2.0 and 2.1 A/AA rules.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] as const;

/** Each violation in one line: rule, impact and the first few elements it names. */
export async function axeViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags([...WCAG_TAGS]).analyze();
  return result.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact ?? '?'}) ×${violation.nodes.length}: ` +
      violation.nodes
        .slice(0, 3)
        .map((node) => node.target.join(' '))
        .join(' | '),
  );
}
