import type { RolloutReportKind } from '@prds/shared';

export interface RolloutReport {
  readonly remote: string;
  readonly version: string;
  readonly kind: RolloutReportKind;
}

export interface RolloutReporter {
  report(report: RolloutReport): void;
  /** Sends what is queued now (tests, and a page about to go). */
  flush(): Promise<void>;
}

/** The api takes at most this many reports per request (@prds/api-schema RolloutReportBody). */
export const REPORTS_PER_REQUEST = 20;

/**
 * Queues the page's rollout reports and sends them to the api (`/api/rollout/report`) a moment later
 * in one request, off the path of the first render, and at once when the page is hidden or left
 * (`onLeave`), so a visitor who gives up on a broken page is still counted. A report that cannot be
 * sent is dropped with a warning: telemetry never fails a page.
 */
export function createRolloutReporter(
  send: (reports: readonly RolloutReport[]) => Promise<unknown>,
  { delayMs = 1_000, onLeave }: { delayMs?: number; onLeave?: (flush: () => void) => void } = {},
): RolloutReporter {
  let queue: RolloutReport[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;

  const flush = async (): Promise<void> => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    const batch = queue;
    queue = [];
    for (let i = 0; i < batch.length; i += REPORTS_PER_REQUEST) {
      try {
        await send(batch.slice(i, i + REPORTS_PER_REQUEST));
      } catch (error) {
        console.warn('Rollout reports could not be sent', error);
      }
    }
  };

  onLeave?.(() => void flush());
  return {
    report(report) {
      queue.push(report);
      timer ??= setTimeout(() => void flush(), delayMs);
    },
    flush,
  };
}
