import { Worker } from "node:worker_threads";

/**
 * A steady stream of POST requests from a worker thread, for measuring an api's latency while the
 * same process does other work (bench:indexer: the search mix during catch-up). Open loop: request
 * i is due at start + i / rate whatever the answers before it, and its latency is counted from when
 * it was due, so a stalled server shows as the whole stall (no coordinated omission). The worker has
 * its own event loop: the main thread's stalls delay the answers, not the clock that times them.
 */
export interface LoadFigures {
  requests: number;
  /** Answers other than 200, and requests that failed. */
  failed: number;
  p50: number;
  p99: number;
  max: number;
}

export interface SearchLoad {
  stop(): Promise<LoadFigures>;
}

const WORKER = `
const { parentPort, workerData } = require("node:worker_threads");
const http = require("node:http");
const { url, bodies, rate } = workerData;
const target = new URL(url);
const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
const latencies = [];
let failed = 0;
let inFlight = 0;
let stopping = false;
const started = performance.now();
let sent = 0;

function send(due, body) {
  inFlight++;
  const request = http.request(
    { host: target.hostname, port: target.port, path: target.pathname, method: "POST", agent,
      headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) } },
    (response) => {
      response.resume();
      response.on("end", () => {
        if (response.statusCode !== 200) failed++;
        latencies.push(performance.now() - due);
        done();
      });
    },
  );
  request.on("error", () => { failed++; done(); });
  request.end(body);
}

function done() {
  inFlight--;
  if (stopping && inFlight === 0) finish();
}

function finish() {
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] : 0;
  parentPort.postMessage({ requests: latencies.length, failed, p50: at(0.5), p99: at(0.99), max: at(1) });
  agent.destroy();
}

const timer = setInterval(() => {
  const due = Math.floor(((performance.now() - started) * rate) / 1000);
  while (sent < due) {
    send(started + (sent * 1000) / rate, bodies[sent % bodies.length]);
    sent++;
  }
}, 2);

parentPort.on("message", () => {
  stopping = true;
  clearInterval(timer);
  if (inFlight === 0) finish();
});
`;

export function startSearchLoad(url: string, bodies: readonly string[], rate: number): SearchLoad {
  const worker = new Worker(WORKER, { eval: true, workerData: { url, bodies, rate } });
  const figures = new Promise<LoadFigures>((resolve, reject) => {
    worker.once("message", (message: LoadFigures) => resolve(message));
    worker.once("error", reject);
  });
  return {
    async stop() {
      worker.postMessage("stop");
      const result = await figures;
      await worker.terminate();
      return result;
    },
  };
}
