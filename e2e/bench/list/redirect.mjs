// The builds have the api (127.0.0.1:8787) and the chain RPC (127.0.0.1:8545) baked in; the bench's
// servers run elsewhere (the e2e suite owns those ports). Each request to them is fetched from the
// bench's server by Playwright and answered with that response, headers (CORS) included.

export const API_ORIGIN = 'http://127.0.0.1:8787';
export const RPC_ORIGIN = 'http://127.0.0.1:8545';

async function forward(route, toOrigin) {
  const from = new URL(route.request().url());
  const to = new URL(from.pathname + from.search, toOrigin);
  try {
    const response = await route.fetch({ url: to.toString(), timeout: 20_000 });
    await route.fulfill({ response });
  } catch {
    // The page or context closed while in flight, or the server is gone: the page sees a failure.
    await route.abort('connectionrefused').catch(() => undefined);
  }
}

/** Routes the context's api and RPC requests to `apiUrl` and `rpcUrl`; counts them in `stats`. */
export async function routeToBench(context, { apiUrl, rpcUrl }, stats = { api: 0, rpc: 0 }) {
  await context.route(
    (url) => url.origin === API_ORIGIN,
    (route) => {
      stats.api += 1;
      return forward(route, apiUrl);
    },
  );
  await context.route(
    (url) => url.origin === RPC_ORIGIN,
    (route) => {
      stats.rpc += 1;
      return forward(route, rpcUrl);
    },
  );
  return stats;
}
