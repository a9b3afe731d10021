import { loadConfig } from "./config";
import { createChain } from "./chain/chain";
import { openDatabase } from "./db/connect";
import { migrateToLatest } from "./db/migrate";
import { buildServer } from "./http/server";
import { startIndexer } from "./indexer/indexer";

/**
 * `pnpm --filter @prds/api start`: migrates the database, serves the calls on PRDS_API_HOST:PORT
 * (127.0.0.1:8787) and, when PRDS_INDEXER is not 0, competes for the indexer role (on PostgreSQL an
 * advisory lock lets exactly one process index). Prints `API READY <url>`; SIGINT/SIGTERM stop it.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const db = openDatabase({ databaseUrl: config.databaseUrl, sqlitePath: config.sqlitePath });
  const applied = await migrateToLatest(db);
  if (applied.length > 0) console.log(`migrated: ${applied.join(", ")}`);
  if (db.dialect === "postgres" && !config.redisUrl) {
    console.log("rate limits: kept in this process; several api processes on one PostgreSQL share them through PRDS_REDIS_URL");
  }
  const chain = createChain(config, config.deployment ?? {});
  const server = await buildServer({ db, chain, config });
  const indexer = config.indexer ? await startIndexer({ db, chain, config, log: server.log }) : null;
  const address = await server.listen({ host: config.host, port: config.port });

  let stopping = false;
  const stop = async (signal: string): Promise<void> => {
    if (stopping) return;
    stopping = true;
    server.log.info({ signal }, "stopping");
    await indexer?.stop();
    await server.close();
    chain.close();
    await db.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
  console.log(`API READY ${address} (${db.dialect}${config.indexer ? ", indexer" : ""})`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
