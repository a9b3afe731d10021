// A node that goes away in the middle of a deployment (bsc.spec.ts's rehearsal of an interrupted
// `deploy:network`).
import http from 'node:http';

/**
 * A JSON-RPC proxy (on `port`) to the node on `nodePort` that drops the connection of the `cutAt`-th
 * eth_sendRawTransaction without forwarding it: the deployment command sees its node go away mid-run,
 * as a crash or a lost network would leave it.
 */
export function startCuttingProxy({
  nodePort,
  port,
  cutAt,
}: {
  nodePort: number;
  port: number;
  cutAt: number;
}): Promise<{ sent: () => number; close: () => Promise<void> }> {
  let raw = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      if ((JSON.parse(body.toString('utf8')) as { method?: string }).method === 'eth_sendRawTransaction') {
        raw += 1;
        if (raw >= cutAt) {
          req.socket.destroy();
          return;
        }
      }
      const upstream = http.request(
        { host: '127.0.0.1', port: nodePort, method: 'POST', path: '/', headers: { 'content-type': 'application/json' } },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, { 'content-type': 'application/json' });
          answer.pipe(res);
        },
      );
      upstream.on('error', () => res.destroy());
      upstream.end(body);
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () =>
      resolve({
        sent: () => Math.min(raw, cutAt - 1),
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      }),
    );
  });
}
