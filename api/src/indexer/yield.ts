/**
 * Lets pending I/O run: better-sqlite3 is synchronous, and awaiting it only queues microtasks.
 * Without a real turn of the event loop, the next range's eth_getLogs (started before a batch,
 * indexer.ts) was not even sent until the whole batch was written, and the api's requests that
 * arrived meanwhile were not read.
 */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
