import type { AlertItem, StreamEventName } from "@prds/api-schema";

/**
 * The stream's events as they go out: what changed in markets and alerts since a process last saw
 * them, and their SSE text, serialized once however many clients an event goes to.
 */

/** One event as it goes out: its SSE name and its data. */
export interface StreamEvent {
  name: StreamEventName;
  data: unknown;
}

/**
 * Derives market events from summaries read after a change: only those that differ from what this
 * process last saw of them (`seen`), which it then remembers. Unknown markets count as changed when
 * the change named them (`named`), and are only remembered otherwise (a first look is not a change).
 */
export function marketDiff(
  seen: Map<number, string>,
  summaries: ReadonlyMap<number, unknown>,
  named: ReadonlySet<number> | "all",
): Map<number, unknown> {
  const changed = new Map<number, unknown>();
  for (const [id, summary] of summaries) {
    const json = JSON.stringify(summary);
    const before = seen.get(id);
    seen.set(id, json);
    if (before === json) continue;
    if (before === undefined && named !== "all" && !named.has(id)) continue;
    if (before === undefined && named === "all") continue;
    changed.set(id, summary);
  }
  return changed;
}

/** Alerts in `now` whose keys `known` does not hold (then remembered). */
export function newAlerts(known: Set<string>, now: readonly AlertItem[]): AlertItem[] {
  const fresh = now.filter((a) => !known.has(a.key));
  for (const a of fresh) known.add(a.key);
  return fresh;
}

/** One `market` event object per market, for every client that follows it. */
export function sharedMarketEvents(markets: ReadonlyMap<number, unknown>): Map<number, StreamEvent> {
  return new Map([...markets].map(([marketId, market]) => [marketId, { name: "market" as const, data: { market } }]));
}

/** A number per event object, so batches made of the same objects are recognised as one. */
const serials = new WeakMap<StreamEvent, number>();
let nextSerial = 0;
export function serialOf(event: StreamEvent): number {
  let serial = serials.get(event);
  if (serial === undefined) {
    nextSerial += 1;
    serial = nextSerial;
    serials.set(event, serial);
  }
  return serial;
}

/** Each event is serialized once however many clients it goes to. */
const serialized = new WeakMap<StreamEvent, string>();

function eventText(event: StreamEvent): string {
  let text = serialized.get(event);
  if (text === undefined) {
    text = `event: ${event.name}\ndata: ${JSON.stringify(event.data)}\n\n`;
    serialized.set(event, text);
  }
  return text;
}

/** The SSE text of a batch of events; the last carries the id (SSE keeps the last id it saw). */
export function sseText(events: readonly StreamEvent[], id: number | null): string {
  let text = "";
  events.forEach((event, i) => {
    if (i === events.length - 1 && id !== null) text += `id: ${id}\n`;
    text += eventText(event);
  });
  return text;
}
