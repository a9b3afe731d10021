import type { MarketParams } from "../../chain/chain";
import type { Amount } from "../../db/schema";
import type { DecodedEvent, EventName, WatchedContract } from "../decode";
import type { Requests } from "../requests";
import type { BatchStore } from "../store";
import type { SnapshotLedger } from "./snapshots";

/** Lowercase addresses the handlers compare event arguments with. */
export interface KnownAddresses {
  markets: string;
  marketplace: string;
}

/** What a handler works with: the batch's rows, the deployment constants, the snapshot ledger. */
export interface HandlerContext {
  store: BatchStore;
  params: MarketParams;
  addresses: KnownAddresses;
  snapshots: SnapshotLedger;
}

/**
 * One event type: `needs` names the rows `apply` will read (prefetched in bulk before the batch's
 * handlers run), `apply` derives the tables from the event, synchronously.
 */
export interface EventHandler {
  needs?(event: DecodedEvent, requests: Requests): void;
  apply(ctx: HandlerContext, event: DecodedEvent): void;
}

/**
 * A contract's handlers, keyed by the event names of its `as const` ABI: a misspelt or renamed event
 * does not compile. Events without a handler are still kept in chain_events.
 */
export type HandlerTable<C extends WatchedContract> = { readonly [E in EventName<C>]?: EventHandler };

export const ZERO_ADDRESS = "0x0000000000000000000000000000000000000000";

/** Amount arithmetic on canonical decimal text (what the store holds). */
export const amount = (value: bigint): Amount => value.toString();
export const add = (a: Amount, b: bigint): Amount => (BigInt(a) + b).toString();
export const sub = (a: Amount, b: bigint): Amount => (BigInt(a) - b).toString();
export const bool = (value: boolean): 0 | 1 => (value ? 1 : 0);

/** The checkpoint bucket of a time: stakes are split at bucket boundaries (MarketsBase._bucket). */
export function bucketOf(params: MarketParams, time: number): number {
  return Math.floor(time / params.checkpointInterval);
}
