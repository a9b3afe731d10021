import { sql, type Kysely } from "kysely";
import type { Dialect } from "../connect";
import { toDbAmount } from "../amount";

interface CancelledEvent {
  tx_hash: string;
  log_index: number;
  block_number: number | string;
  block_time: number | string;
  args_json: string;
}

interface CancelledMarket {
  issuer: string;
  liquidity: string;
}

/**
 * The liquidity a cancel pays back as the issuer's refund (payouts): the indexer records it since
 * this release; markets cancelled before are given their row from the MarketCancelled events
 * already kept in chain_events, so their issuer's figures (received, profit) are right without
 * re-indexing. A row already there is left alone.
 */
export function cancelRefunds(dialect: Dialect) {
  // Generic in the schema: the migrator passes its untyped handle, a test the typed one.
  async function up<DB>(db: Kysely<DB>): Promise<void> {
    const events = await sql<CancelledEvent>`
      select tx_hash, log_index, block_number, block_time, args_json from chain_events
      where contract = 'Markets' and name = 'MarketCancelled'`.execute(db);
    for (const event of events.rows) {
      const args = JSON.parse(event.args_json) as { id?: unknown };
      const id = Number(args.id);
      if (!Number.isSafeInteger(id)) throw new Error(`chain_events ${event.tx_hash}/${event.log_index}: no market id`);
      const market = await sql<CancelledMarket>`select issuer, liquidity from markets where id = ${id}`.execute(db);
      const row = market.rows[0];
      if (!row) continue;
      await sql`
        insert into payouts (tx_hash, log_index, market_id, account, payout, refund, time, block_number)
        values (${event.tx_hash}, ${event.log_index}, ${id}, ${row.issuer}, ${toDbAmount(dialect, 0n)},
                ${row.liquidity}, ${Number(event.block_time)}, ${Number(event.block_number)})
        on conflict do nothing`.execute(db);
    }
  }
  return { up };
}
