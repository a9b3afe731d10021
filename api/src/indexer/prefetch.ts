import { amountText } from "../db/amount";
import { fromDb, selectByKeys, type BatchDb } from "./bulk";
import type { DecodedEvent } from "./decode";
import { handlerOf } from "./handlers";
import type { SnapshotLedger } from "./handlers/snapshots";
import { Requests } from "./requests";
import type { BatchStore, TradeStake } from "./store";
import { CompiledQuery } from "kysely";
import { yieldToEventLoop } from "./yield";

/**
 * Loads, in a handful of queries, every row the batch's handlers will read: the rows named by each
 * handler's `needs`, whole groups (a market's options, positions, challenges), trades for the
 * cutoff rules, the latest position snapshot of each account involved, and the rented Licenses
 * whose rental the batch's time has passed.
 *
 * `before`: the part still being committed when this one is prepared (batch.ts prepareRange). The
 * database does not show its writes yet: `store` already holds the rows it changed (BatchStore
 * carry), and its trades and position snapshots are added to what the database answers here.
 */
export async function prefetch(
  db: BatchDb,
  store: BatchStore,
  ledger: SnapshotLedger,
  events: readonly DecodedEvent[],
  lastTime: number,
  before: BatchStore | null = null,
): Promise<void> {
  const requests = new Requests();
  for (const event of events) handlerOf(event)?.needs?.(event, requests);
  const p = (i: number): string => (db.dialect === "postgres" ? `$${i}` : "?");

  for (const [table, markets] of requests.groups) {
    const ids = [...markets];
    const rows = await selectByKeys(
      db,
      table,
      ids.map((id) => [id]),
      ["market_id"],
    );
    store.load(table, rows);
    for (const id of ids) store.loadedGroup(table, id);
    await yieldToEventLoop();
  }
  for (const [table, keys] of requests.keys) {
    const wanted = [...keys.values()].filter((key) => !store.isLoaded(table, key));
    store.load(table, await selectByKeys(db, table, wanted), wanted);
    await yieldToEventLoop();
  }

  if (requests.trades.size > 0) {
    const ids = [...requests.trades];
    const { rows } = await db.trx.executeQuery<Record<string, unknown>>(
      CompiledQuery.raw(
        `select "market_id", "account", "option", "stake", "amount", "time" from "trades"
         where "market_id" in (${ids.map((_, i) => p(i + 1)).join(", ")}) order by "block_number", "log_index"`,
        ids,
      ),
    );
    const byMarket = new Map<number, TradeStake[]>(ids.map((id) => [id, []]));
    for (const raw of rows) {
      byMarket.get(Number(raw.market_id))?.push({
        account: String(raw.account),
        option: Number(raw.option),
        stake: amountText(raw.stake as string),
        amount: amountText(raw.amount as string),
        time: Number(raw.time),
      });
    }
    // The part before comes after every committed trade.
    for (const trade of before?.appendedRows("trades") ?? []) {
      const { account, option, stake, amount, time } = trade;
      byMarket.get(Number(trade.market_id))?.push({ account, option, stake, amount, time });
    }
    for (const [id, trades] of byMarket) store.loadTrades(id, trades);
  }

  for (const id of requests.holdersOf) {
    for (const position of store.group("positions", id)) requests.snapshot(position.account);
  }
  const accounts = [...requests.snapshotAccounts];
  // The latest day of the snapshots the part before wrote (the rows themselves are in the store).
  const dayBefore = new Map<string, string>();
  if (accounts.length > 0) {
    for (const row of before?.changed("position_snapshots") ?? []) {
      const day = dayBefore.get(row.account);
      if (day === undefined || row.day > day) dayBefore.set(row.account, row.day);
    }
  }
  for (let start = 0; start < accounts.length; start += 5_000) {
    const part = accounts.slice(start, start + 5_000);
    // Each account's latest row (its running totals); ISO days sort as text.
    const { rows } = await db.trx.executeQuery<Record<string, unknown>>(
      CompiledQuery.raw(
        `select * from "position_snapshots" s where "account" in (${part.map((_, i) => p(i + 1)).join(", ")})
         and "day" = (select max("day") from "position_snapshots" t where t."account" = s."account")`,
        part,
      ),
    );
    const latest = rows.map((raw) => fromDb("position_snapshots", raw));
    store.load("position_snapshots", latest);
    const dayOf = new Map(latest.map((row) => [row.account, row.day]));
    for (const account of part) {
      const stored = dayOf.get(account) ?? null;
      const written = dayBefore.get(account) ?? null;
      ledger.known(account, written !== null && (stored === null || written > stored) ? written : stored);
    }
  }

  const { rows: rented } = await db.trx.executeQuery<Record<string, unknown>>(
    CompiledQuery.raw(`select * from "licenses" where "state" = 'rented' and "user_expires" < ${p(1)}`, [lastTime]),
  );
  const expiring = rented.map((raw) => fromDb("licenses", raw)).filter((row) => !store.isLoaded("licenses", [row.token_id]));
  store.load("licenses", expiring);
}
