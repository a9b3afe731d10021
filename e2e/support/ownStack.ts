// A second, private back end (devnet + api) for a spec that moves the devnet's clock: the suite's
// shared devnet on 8545 must keep wall-clock time for every other spec. The built apps bake
// http://127.0.0.1:8787 (api) and http://127.0.0.1:8545 (RPC), so a page using the private stack goes
// through a forwarding proxy that sends those requests to its ports (startOwnStackProxy) and its test
// wallet signs against its devnet (installTestWallet(page, { rpcUrl: stack.devnetUrl })).
//
// The suite's web server renders pages with the suite's api: the proxy sends the host's pages without
// their server render (support/ssrPage.ts withoutServerRender), so they render from this stack's api.
//
// Both stacks deploy with the same deployer and nonces, so every contract has the same address on
// each: deployments/31337.json and the generated module stay what the shared stack wrote.
import http from 'node:http';
import path from 'node:path';
import { startStack, type Stack } from '../../scripts/stack.cjs';
import { APP_NAMES, portOf } from './apps';
import { REPO_ROOT } from './serverProcess';
import { withoutServerRender } from './ssrPage';

/** The addresses the builds call (see shared/src/chains: appEnv.ts, chains.ts). */
export const BAKED_API_ORIGIN = 'http://127.0.0.1:8787';
export const BAKED_RPC_ORIGIN = 'http://127.0.0.1:8545';

export interface OwnStackOptions {
  devnetPort: number;
  apiPort: number;
  /** Under e2e/test-results/ (logs, pids, SQLite file, evidence images). */
  name: string;
}

/** Starts a devnet (deployed and seeded) and an api on `options`' ports; stop it with `stack.stop()`. */
export async function startOwnStack(options: OwnStackOptions): Promise<Stack> {
  const runDir = path.join(REPO_ROOT, 'e2e', 'test-results', options.name);
  const started = Date.now();
  const stack = await startStack({
    devnetPort: options.devnetPort,
    apiPort: options.apiPort,
    // The pages are served by the host (and remotes) of the suite's servers.
    corsOrigins: APP_NAMES.flatMap((app) => [`http://127.0.0.1:${portOf(app)}`, `http://localhost:${portOf(app)}`]),
    runDir,
    log: (line) => console.log(`[own stack ${options.name}] ${line}`),
  });
  console.log(
    `[own stack ${options.name}] devnet ${stack.devnetUrl}, api ${stack.apiUrl} ready in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return stack;
}

/** The port of the forwarding proxy a spec using its own stack sets as its pages' proxy. */
export const OWN_STACK_PROXY_PORT = 8689;

/**
 * The page-side half of a private stack: an HTTP proxy the spec's browser context uses
 * (`test.use({ proxy: ownStackProxy })`), forwarding requests for the baked api and RPC origins to
 * `stack` and everything else (the host and remotes) unchanged. A proxy, not `page.route`: Chromium
 * does not hand an intercepted request's file uploads to Playwright, so a rewritten evidence upload
 * would lose its image; a proxy forwards the exact bytes.
 */
export function startOwnStackProxy(
  stack: Pick<Stack, 'apiUrl' | 'devnetUrl'>,
  port = OWN_STACK_PROXY_PORT,
): Promise<OwnStackProxy> {
  const targets = new Map([
    [new URL(BAKED_API_ORIGIN).host, new URL(stack.apiUrl)],
    [new URL(BAKED_RPC_ORIGIN).host, new URL(stack.devnetUrl)],
  ]);
  const server = http.createServer((req, res) => {
    let url: URL;
    try {
      url = new URL(req.url ?? '');
    } catch {
      res.writeHead(400).end('absolute URL expected');
      return;
    }
    const target = targets.get(url.host);
    // The host's pages come without their server render: the suite's web server renders with the
    // suite's api (8787), not this stack's, so the page must render itself from what this stack's api
    // answers it (as it does when the server cannot render).
    const page = url.port === String(portOf('host')) && /text\/html/.test(String(req.headers.accept ?? ''));
    const upstream = http.request(
      {
        host: target?.hostname ?? url.hostname,
        port: target?.port ?? url.port,
        method: req.method,
        path: `${url.pathname}${url.search}`,
        headers: { ...req.headers, host: target?.host ?? url.host, ...(page ? { 'accept-encoding': 'identity' } : {}) },
      },
      (answer) => {
        // An answer cut off upstream (the api stopped mid-stream) is cut off here too, as a load
        // balancer does: piped, the page would keep waiting on a connection nothing writes to.
        answer.on('close', () => {
          if (!answer.complete) res.destroy();
        });
        if (!page || !/text\/html/.test(String(answer.headers['content-type'] ?? ''))) {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const body = withoutServerRender(Buffer.concat(chunks).toString('utf8'));
          const { 'content-length': _length, 'content-encoding': _encoding, ...headers } = answer.headers;
          res.writeHead(answer.statusCode ?? 502, { ...headers, 'content-length': Buffer.byteLength(body) });
          res.end(body);
        });
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () =>
      resolve({
        server: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      }),
    );
  });
}

export interface OwnStackProxy {
  /** For Playwright's `proxy.server`. */
  readonly server: string;
  close(): Promise<void>;
}

/** Playwright's context proxy for a spec on its own stack: loopback requests go through it too. */
export const OWN_STACK_CONTEXT_PROXY = { server: `http://127.0.0.1:${OWN_STACK_PROXY_PORT}`, bypass: '<-loopback>' } as const;
