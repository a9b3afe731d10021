import type { RolloutReportKind } from '@prds/shared/federation';

export interface RolloutReport {
  /** The page load that saw it (newLoadId, minted when the page chose its versions). */
  readonly load: string;
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
 * A page load's id: 128 random bits as 32 hex digits. The api counts a load once per remote and
 * version however often its reports arrive (issue 24).
 */
export function newLoadId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export type ReportBatch = { readonly load: string; readonly reports: readonly Omit<RolloutReport, 'load'>[] };

/**
 * Queues the page's rollout reports and sends them to the api (`/api/rollout/report`, with the page
 * load's id) a moment later in one request, off the path of the first render, and at once when the page is hidden or left
 * (`onLeave`), so a visitor who gives up on a broken page is still counted. A report that cannot be
 * sent is dropped with a warning: telemetry never fails a page.
 */
export function createRolloutReporter(
  send: (batch: ReportBatch) => Promise<unknown>,
  { delayMs = 1_000, onLeave }: { delayMs?: number; onLeave?: (flush: () => void) => void } = {},
): RolloutReporter {
  let queue: RolloutReport[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;

  const flush = async (): Promise<void> => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    const queued = queue;
    queue = [];
    // One request names one load (a page has one; the grouping keeps the body honest if not).
    const byLoad = new Map<string, Omit<RolloutReport, 'load'>[]>();
    for (const { load, ...report } of queued) byLoad.set(load, [...(byLoad.get(load) ?? []), report]);
    for (const [load, reports] of byLoad) {
      for (let i = 0; i < reports.length; i += REPORTS_PER_REQUEST) {
        try {
          await send({ load, reports: reports.slice(i, i + REPORTS_PER_REQUEST) });
        } catch (error) {
          console.warn('Rollout reports could not be sent', error);
        }
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
