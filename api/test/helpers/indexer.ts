import { seed, type SeedResult } from "@prds/contracts/seed";
import { createChain, type Chain } from "../../src/chain/chain";
import { loadConfig, type ApiConfig } from "../../src/config";
import type { Db } from "../../src/db/connect";
import { DERIVED_TABLES, type DerivedTable } from "../../src/db/schema";
import { fromDb } from "../../src/indexer/bulk";
import type { IndexerLog } from "../../src/indexer/log";
import { TABLES } from "../../src/indexer/tables";
import { startDevnet, type Devnet } from "./devnet";

export const DAY = 24 * 3600;

/** The api's configuration for a suite's devnet: no confirmations, small fast polls. */
export function indexerConfig(devnet: Devnet, overrides: Partial<ApiConfig> = {}): ApiConfig {
  return {
    ...loadConfig({}),
    rpcUrl: devnet.url,
    chainId: 31337,
    confirmations: 0,
    pollIntervalMs: 50,
    ...overrides,
  };
}

export function chainFor(devnet: Devnet): Chain {
  return createChain(
    { rpcUrl: devnet.url, chainId: 31337 },
    { addresses: devnet.protocol.roles, deploymentBlock: devnet.protocol.deploymentBlock },
  );
}

/** Collects what the indexer logs, so a suite can assert on it and stays quiet. */
export function memoryLog(): IndexerLog & { lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    info: (m) => lines.push(`info ${m}`),
    warn: (m) => lines.push(`warn ${m}`),
    error: (m) => lines.push(`error ${m}`),
  };
}

/** Every derived table, rows ordered by key, amounts in canonical text: equal dumps = equal tables. */
export async function dumpDerived(db: Db): Promise<Record<DerivedTable, Record<string, unknown>[]>> {
  const out = {} as Record<DerivedTable, Record<string, unknown>[]>;
  for (const table of DERIVED_TABLES) {
    let query = db.kysely.selectFrom(table).selectAll();
    for (const column of TABLES[table].key) query = query.orderBy(column);
    const rows = (await query.execute()) as Record<string, unknown>[];
    out[table] = rows.map((row) => {
      const canonical = fromDb(table, row) as Record<string, unknown>;
      // Numbers read back as numbers on both databases; normalise the odd numeric string.
      for (const [column, value] of Object.entries(canonical)) {
        if (typeof value === "bigint") canonical[column] = Number(value);
      }
      return canonical;
    });
  }
  return out;
}

/** A devnet whose clock starts 30 days back, seeded with markets in every state (contracts' seed). */
export async function startSeededDevnet(): Promise<{ devnet: Devnet; seeded: SeedResult }> {
  const devnet = await startDevnet({ initialDate: new Date(Date.now() - 30 * DAY * 1000).toISOString() });
  const { protocol } = devnet;
  const seeded = await seed(
    {
      setNextBlockTime: async (timestamp) => {
        await devnet.provider.send("evm_setNextBlockTimestamp", [timestamp]);
      },
      mine: () => devnet.mine(),
      latestTimestamp: () => devnet.latestTimestamp(),
      signers: devnet.signers,
    },
    protocol,
  );
  return { devnet, seeded };
}
