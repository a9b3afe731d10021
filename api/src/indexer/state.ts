import type { Executor } from "./bulk";
import { WATCHED_CONTRACTS } from "./decode";
import type { BlockHeader } from "./rpc";

/** The chain's latest block as the api sees it: indexer_state head_block / head_time ("now"). */
export async function writeHead(db: Executor, head: BlockHeader): Promise<void> {
  await headQuery(db, head).execute();
}

export function headQuery(db: Executor, head: BlockHeader) {
  return db
    .insertInto("indexer_state")
    .values([
      { key: "head_block", value: String(head.number) },
      { key: "head_time", value: String(head.timestamp) },
    ])
    .onConflict((oc) => oc.column("key").doUpdateSet((eb) => ({ value: eb.ref("excluded.value") })));
}

/**
 * Next block to read per watched contract (a contract without a cursor starts at the deployment
 * block). All contracts are read with one eth_getLogs, so they advance together; separate cursors
 * let a contract added later be read from its own start without re-reading the others.
 */
export async function readCursors(db: Executor, firstBlock: number): Promise<Map<string, number>> {
  const rows = await db.selectFrom("indexer_cursors").selectAll().execute();
  const cursors = new Map<string, number>(WATCHED_CONTRACTS.map((contract) => [contract, firstBlock]));
  for (const row of rows) if (cursors.has(row.contract)) cursors.set(row.contract, Number(row.next_block));
  return cursors;
}

export function nextBlock(cursors: ReadonlyMap<string, number>): number {
  return Math.min(...cursors.values());
}

export async function writeCursors(db: Executor, next: number, now: number): Promise<void> {
  await cursorsQuery(db, next, now).execute();
}

export function cursorsQuery(db: Executor, next: number, now: number) {
  return db
    .insertInto("indexer_cursors")
    .values(WATCHED_CONTRACTS.map((contract) => ({ contract, next_block: next, updated_at: now })))
    .onConflict((oc) =>
      oc.column("contract").doUpdateSet((eb) => ({
        next_block: eb.ref("excluded.next_block"),
        updated_at: eb.ref("excluded.updated_at"),
      })),
    );
}
