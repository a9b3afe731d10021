/**
 * Waiting in tests for a condition, never for a fixed time: each polls what it waits for, bounded by
 * a deadline, and says what did not happen when the deadline passes.
 */

/**
 * Retries `check` (an async block of expectations) until it passes or `timeoutMs` runs out, then
 * rethrows its last failure: for figures the api documents as lagging (the list's tab totals are
 * recomputed in the background).
 */
export async function eventually(check: () => Promise<void>, timeoutMs = 10_000, everyMs = 100): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  }
}

/** Waits until `condition` holds; answers how long it took. */
export async function until(
  what: string,
  condition: () => boolean | Promise<boolean>,
  timeoutMs = 5_000,
  everyMs = 20,
): Promise<number> {
  const start = Date.now();
  while (!(await condition())) {
    if (Date.now() - start > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  return Date.now() - start;
}

/**
 * Checks `condition` every `everyMs` for `forMs` and fails the first time it does not hold: for a
 * state that must last (a process that must not take a lock another holds), where there is no event
 * to wait for, only time in which it must not change.
 */
export async function holdsFor(
  what: string,
  condition: () => boolean | Promise<boolean>,
  forMs: number,
  everyMs = 20,
): Promise<void> {
  const end = Date.now() + forMs;
  do {
    if (!(await condition())) throw new Error(`${what}: stopped holding`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  } while (Date.now() < end);
}
