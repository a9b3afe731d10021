/** The logger the indexer writes to: Fastify's (pino) or console both fit. */
export interface IndexerLog {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}
