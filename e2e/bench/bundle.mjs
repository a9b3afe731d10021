#!/usr/bin/env node
// Bundle benchmark: serves the production builds as deployed (scripts/serve.mjs on its own base port),
// loads /market in Debian's Chromium and measures the JavaScript fetched before the market list first
// renders, gzip-compressed here (the static server may not compress), plus each remote's own JS for
// its route. Prints `RESULT <name> <value> <unit>` lines, headline last. Figures, not a test.
import { chromium } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS } from '../support/chromium.mjs';
import { appOrigin, missingBuilds, startServers } from './list/builds.mjs';
import { kib, scriptsBeforeFirstRender as firstRenderScripts, sumOf } from './list/firstRenderJs.mjs';

const BASE_PORT = Number(process.env.BENCH_BASE_PORT ?? 4200);
const ORIGIN = (app) => appOrigin(BASE_PORT, app);
const HOST = ORIGIN('host');
const REMOTE_ROUTES = [
  { app: 'mfe-market', path: '/market', testId: 'page-market-list' },
  { app: 'mfe-issue', path: '/issue', testId: 'page-issue' },
  { app: 'mfe-license', path: '/nft', testId: 'page-nft-sale' },
  { app: 'mfe-portfolio', path: '/portfolio', testId: 'page-portfolio' },
  { app: 'mfe-claim', path: '/claim', testId: 'page-claim' },
];
const TARGET_KIB = 220;

function checkBuilds() {
  const missing = missingBuilds();
  if (missing.length > 0) {
    console.error(`bench:bundle needs the production builds (pnpm build); missing: ${missing.join(', ')}`);
    process.exit(1);
  }
}

/** The shared measurement; `wallet` adds a remembered wallet the page reconnects on load. */
const scriptsBeforeFirstRender = (browser, url, testId, { wallet = false } = {}) =>
  firstRenderScripts(browser, url, testId, wallet ? { prepare: (context) => context.addInitScript(REMEMBERED_WALLET) } : {});

/**
 * A wallet the page remembers from an earlier visit: a minimal injected EIP-1193 provider that grants
 * one account on the devnet's chain id, and the stored connector choice. The page reconnects it on
 * load (wallet chunk, ethers, connectors); nothing here needs a chain, since only sizes are measured.
 */
function REMEMBERED_WALLET() {
  const account = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
  localStorage.setItem('prds.wallet', JSON.stringify({ kind: 'injected' }));
  const listeners = {};
  window.ethereum = {
    isMetaMask: true,
    on(event, fn) {
      (listeners[event] ??= []).push(fn);
    },
    removeListener(event, fn) {
      listeners[event] = (listeners[event] ?? []).filter((f) => f !== fn);
    },
    async request({ method }) {
      if (method === 'eth_accounts' || method === 'eth_requestAccounts') return [account];
      if (method === 'eth_chainId') return '0x7a69';
      throw Object.assign(new Error(`bench wallet: ${method} not supported`), { code: 4200 });
    },
  };
}

const sum = sumOf;

async function main() {
  checkBuilds();
  const server = await startServers(BASE_PORT);
  const browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
  try {
    const results = [];
    for (const route of REMOTE_ROUTES) {
      const scripts = await scriptsBeforeFirstRender(browser, HOST + route.path, route.testId);
      const own = scripts.filter((script) => script.url.startsWith(ORIGIN(route.app) + '/'));
      // The entry carries the remote's copy of the federation runtime; the rest is its route code.
      const entry = own.filter((script) => /\/remoteEntry\.js(\?|$)/.test(script.url));
      const routeChunks = own.filter((script) => !entry.includes(script));
      const name = route.app.replace('-', '_');
      results.push(`RESULT remote_${name}_entry_js_gzip ${kib(sum(entry, 'gzip'))} KiB`);
      results.push(`RESULT remote_${name}_route_js_gzip ${kib(sum(routeChunks, 'gzip'))} KiB`);
      results.push(`RESULT remote_${name}_route_js_files ${routeChunks.length} files`);
      results.push(`RESULT remote_${name}_js_gzip ${kib(sum(own, 'gzip'))} KiB`);
    }

    // A page's first render without a wallet, and with a remembered wallet reconnected (its account
    // button shown): the difference is the lazily loaded wallet chunk, ethers and the ABIs.
    const claimNoWallet = await scriptsBeforeFirstRender(browser, HOST + '/claim', 'page-claim');
    const claimWallet = await scriptsBeforeFirstRender(browser, HOST + '/claim', 'wallet-account', { wallet: true });
    results.push(`RESULT claim_first_render_js_gzip_without_wallet ${kib(sum(claimNoWallet, 'gzip'))} KiB`);
    results.push(`RESULT claim_connected_js_gzip_with_wallet ${kib(sum(claimWallet, 'gzip'))} KiB`);
    results.push(`RESULT wallet_lazy_js_gzip ${kib(sum(claimWallet, 'gzip') - sum(claimNoWallet, 'gzip'))} KiB`);

    const home = await scriptsBeforeFirstRender(browser, HOST + '/', 'page-home');
    results.push(`RESULT home_first_render_js_gzip ${kib(sum(home, 'gzip'))} KiB`);

    const market = await scriptsBeforeFirstRender(browser, HOST + '/market', 'page-market-list');
    const hostPart = market.filter((script) => script.url.startsWith(HOST + '/'));
    console.log('JS fetched before the market list first rendered (gzip level 9):');
    for (const script of [...market].sort((a, b) => b.gzip - a.gzip)) {
      console.log(`  ${kib(script.gzip).padStart(7)} KiB gzip ${kib(script.raw).padStart(7)} KiB raw  ${script.url}`);
    }
    for (const line of results) console.log(line);
    console.log(`RESULT first_render_host_js_gzip ${kib(sum(hostPart, 'gzip'))} KiB`);
    console.log(`RESULT first_render_js_raw ${kib(sum(market, 'raw'))} KiB`);
    console.log(`RESULT first_render_js_files ${market.length} files`);
    const total = sum(market, 'gzip');
    const verdict = total / 1024 <= TARGET_KIB ? 'within' : 'OVER';
    console.log(`first render of /market: ${kib(total)} KiB gzip, ${verdict} the ${TARGET_KIB} KiB target`);
    console.log(`RESULT first_render_js_gzip ${kib(total)} KiB`);
  } finally {
    await browser.close();
    server.kill('SIGTERM');
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
