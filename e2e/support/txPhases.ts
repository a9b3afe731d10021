// Every phase a transaction's status (data-testid tx-status) went through, even ones that last a few ms.
import type { Page } from '@playwright/test';

/**
 * Records every data-phase the page's tx-status shows, including ones that last a few ms (call
 * before page.goto); read them with txPhases(page).
 */
export async function recordTxPhases(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __txPhases: string[] }).__txPhases = seen;
    const note = (phase: string | null | undefined): void => {
      if (phase && seen[seen.length - 1] !== phase) seen.push(phase);
    };
    // The document exists before any page script runs, so observing it misses nothing. Within one
    // batch of mutations each attribute record holds the phase it replaced, in order; the phases
    // standing at the end of the batch (or on a tx-status being removed) come last.
    const STATUS = '[data-testid="tx-status"]';
    new MutationObserver((records) => {
      for (const r of records) {
        if (r.type === 'attributes') {
          if ((r.target as Element).matches(STATUS)) note(r.oldValue);
        } else {
          for (const node of r.removedNodes) {
            if (!(node instanceof Element)) continue;
            const gone = node.matches(STATUS) ? [node] : [...node.querySelectorAll(STATUS)];
            for (const status of gone) note(status.getAttribute('data-phase'));
          }
        }
      }
      for (const status of document.querySelectorAll(STATUS)) note(status.getAttribute('data-phase'));
    }).observe(document, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['data-phase'],
      attributeOldValue: true,
    });
  });
}

export async function txPhases(page: Page): Promise<string[]> {
  return page.evaluate(() => [...((window as unknown as { __txPhases?: string[] }).__txPhases ?? [])]);
}
