import { createChain, type ProtocolAddresses } from "../../src/chain/chain";
import { loadConfig } from "../../src/config";
import { openDatabase } from "../../src/db/connect";
import { migrateToLatest } from "../../src/db/migrate";
import { startIndexer } from "../../src/indexer/indexer";

/**
 * The indexer alone in a process of its own, configured like the api (PRDS_* / DATABASE_URL),
 * plus the devnet's addresses (PRDS_TEST_ADDRESSES, PRDS_TEST_DEPLOYMENT_BLOCK). The restart
 * suite SIGKILLs it mid-catch-up. Prints INDEXER STARTED once it runs.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const db = openDatabase({ databaseUrl: config.databaseUrl, sqlitePath: config.sqlitePath });
  await migrateToLatest(db);
  const chain = createChain(config, {
    addresses: JSON.parse(process.env.PRDS_TEST_ADDRESSES ?? "{}") as ProtocolAddresses,
    deploymentBlock: Number(process.env.PRDS_TEST_DEPLOYMENT_BLOCK ?? 0),
  });
  const log = { info: () => undefined, warn: (m: string) => console.error(m), error: (m: string) => console.error(m) };
  await startIndexer({ db, chain, config, log });
  console.log("INDEXER STARTED");
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
