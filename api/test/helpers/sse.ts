/** A stream of /api/stream read the way EventSource reads it (tests only). */
export interface SseEvent {
  name: string;
  data: Record<string, unknown>;
  id: string | null;
}

/** A stream read the way EventSource reads it: events, with the last id seen. */
export class SseClient {
  readonly events: SseEvent[] = [];
  lastId: string | null = null;
  status = 0;
  private readonly abort = new AbortController();
  private done: Promise<void> = Promise.resolve();

  static async open(url: string, headers: Record<string, string> = {}): Promise<SseClient> {
    const client = new SseClient();
    const response = await fetch(url, { headers: { origin: "http://127.0.0.1:3000", ...headers }, signal: client.abort.signal });
    client.status = response.status;
    if (response.status !== 200 || !response.body) {
      client.body = await response.text();
      return client;
    }
    client.contentType = response.headers.get("content-type");
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let buffer = "";
    client.done = (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          buffer += decoder.decode(value, { stream: true });
          let end: number;
          while ((end = buffer.indexOf("\n\n")) >= 0) {
            client.take(buffer.slice(0, end));
            buffer = buffer.slice(end + 2);
          }
        }
      } catch {
        // aborted
      }
    })();
    return client;
  }

  body = "";
  contentType: string | null = null;

  private take(block: string): void {
    let name = "message";
    let data = "";
    for (const line of block.split("\n")) {
      if (line.startsWith("id: ")) this.lastId = line.slice(4);
      else if (line.startsWith("event: ")) name = line.slice(7);
      else if (line.startsWith("data: ")) data += line.slice(6);
    }
    if (data !== "") this.events.push({ name, data: JSON.parse(data) as Record<string, unknown>, id: this.lastId });
  }

  named(name: string): SseEvent[] {
    return this.events.filter((e) => e.name === name);
  }

  async waitFor(predicate: (e: SseEvent) => boolean, timeoutMs = 10_000): Promise<SseEvent> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.events.find(predicate);
      if (found) return found;
      if (Date.now() > deadline)
        throw new Error(`no such event within ${timeoutMs} ms; got ${JSON.stringify(this.events.map((e) => e.name))}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  async close(): Promise<void> {
    this.abort.abort();
    await this.done;
  }
}
