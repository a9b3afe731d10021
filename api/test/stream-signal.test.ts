// The LISTEN connection of the stream's change signal (src/stream/signal.ts) when PostgreSQL drops it:
// a broken connection may report more than one error, and it goes back to the pool once — a second
// release throws out of the error event, which would take the api process down.
import { EventEmitter } from "node:events";
import type { Db } from "../src/db/connect";
import { listenForChanges } from "../src/stream/signal";

class FakeClient extends EventEmitter {
  releases: unknown[] = [];
  async query(): Promise<void> {}
  release(error?: unknown): void {
    if (this.releases.length > 0) throw new Error("Release called on client which has already been released to the pool.");
    this.releases.push(error);
  }
}

/** The signal listening on a pool of fake connections, its first one taken. */
async function listening() {
  const clients: FakeClient[] = [];
  const pool = {
    connect: async () => {
      const client = new FakeClient();
      clients.push(client);
      return client;
    },
  };
  const lines: string[] = [];
  const signal = listenForChanges(
    { pool } as unknown as Db,
    () => undefined,
    (line) => lines.push(line),
  );
  await new Promise((resolve) => setImmediate(resolve));
  return { clients, lines, signal };
}

describe("the stream's LISTEN connection", () => {
  it("goes back to the pool once when it reports two errors, and listens again on a new connection", async () => {
    const { clients, lines, signal } = await listening();
    const first = clients[0]!;
    const terminated = new Error("terminating connection due to administrator command");
    first.emit("error", terminated);
    expect(() => first.emit("error", new Error("Connection terminated unexpectedly"))).not.toThrow();
    expect(first.releases).toEqual([terminated]);
    expect(lines).toEqual([
      "stream: the LISTEN connection failed (terminating connection due to administrator command); reconnecting",
    ]);
    // The retry a second later takes a new connection.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(clients).toHaveLength(2);
    await signal.close();
    expect(clients[1]!.releases).toEqual([undefined]);
  });

  it("an error the connection reports after it went back to the pool (closed) is not released again", async () => {
    const { clients, lines, signal } = await listening();
    await signal.close();
    const only = clients[0]!;
    expect(only.releases).toEqual([undefined]);
    expect(() => only.emit("error", new Error("terminating connection due to administrator command"))).not.toThrow();
    expect(only.releases).toEqual([undefined]);
    expect(lines).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(clients).toHaveLength(1);
  });
});
