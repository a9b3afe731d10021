#!/usr/bin/env node
// The product's production build for a network (README "Deploying to BSC"):
//
//   node scripts/build-network.mjs --network bsc|bsc-testnet --out DIR --api-url URL
//        [--rpc-url URL[,URL]] [--explorer-url URL|none] [--deployments DIR] [--releases-url /releases/]
//
// 1. the contract registry for the network's deployment: contracts/scripts/generate.ts --out
//    DIR/contracts-generated, from the committed deployments/ plus --deployments DIR's (a rehearsal's
//    56.json, or a fresh deployment not yet committed); a build for a chain with no deployment is refused;
// 2. every remote published as a pinned release into DIR/releases (pnpm release's publishRelease) and
//    made stable in DIR/releases/rollout.json (the first release of a remote is stable; a later one is
//    promoted), served under --releases-url;
// 3. the host into DIR/host.
// Everything is built with PRDS_ENV (production for bsc, testnet for bsc-testnet), the api URL, the
// chain's RPC URLs and explorer from these flags (unset: the chain registry's public ones; no explorer
// links when every RPC URL is on this machine, or with --explorer-url none), and the
// app's own builds (each package's dist/) are left untouched. Serve it with
//   node scripts/serve.mjs --only host --host-dist DIR/host --releases DIR/releases --api-url URL --rpc-url URL
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
require(path.join(ROOT, 'contracts/scripts/swc-register.cjs'));
/** @type {typeof import('../scripts/release/release')} */
const release = require(path.join(ROOT, 'scripts/release/release.ts'));
/** @type {typeof import('../scripts/release/rollout')} */
const rollout = require(path.join(ROOT, 'scripts/release/rollout.ts'));
/** @type {typeof import('../contracts/scripts/networkParams')} */
const networkParams = require(path.join(ROOT, 'contracts/scripts/networkParams.ts'));

const REMOTES = JSON.parse(fs.readFileSync(path.join(ROOT, 'apps.json'), 'utf8')).remotes;

/** Per network: the build's PRDS_ENV and the names of its RPC and explorer settings (shared/src/chains/buildEnv.ts). */
const NETWORK_BUILDS = {
  bsc: { appEnv: 'production', rpcEnv: 'PRDS_BSC_RPC_URL', explorerEnv: 'PRDS_BSC_EXPLORER_URL' },
  'bsc-testnet': { appEnv: 'testnet', rpcEnv: 'PRDS_BSC_TESTNET_RPC_URL', explorerEnv: 'PRDS_BSC_TESTNET_EXPLORER_URL' },
};

function fail(message) {
  console.error(`build-network: ${message}`);
  process.exit(2);
}

function httpUrls(text, flag) {
  const urls = text
    .split(',')
    .map((u) => u.trim())
    .filter(Boolean);
  for (const url of urls) {
    let parsed;
    try {
      parsed = new URL(url);
    } catch {
      fail(`${flag}: not a URL: ${url}`);
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') fail(`${flag}: not an http(s) URL: ${url}`);
  }
  return urls;
}

function isLoopback(url) {
  const host = new URL(url).hostname;
  return host === 'localhost' || host === '[::1]' || host.startsWith('127.');
}

export function parseArgs(argv) {
  const usage =
    'usage: node scripts/build-network.mjs --network bsc|bsc-testnet --out DIR --api-url URL [--rpc-url URL[,URL]] [--explorer-url URL|none] [--deployments DIR] [--releases-url /releases/]';
  const options = {
    network: null,
    out: null,
    apiUrl: null,
    rpcUrls: [],
    explorerUrl: null,
    deployments: null,
    releasesUrl: '/releases/',
  };
  for (let i = 0; i < argv.length; i += 1) {
    const [flag, inline] = argv[i].split('=', 2);
    const value = () => inline ?? argv[++i] ?? fail(`${flag} needs a value\n${usage}`);
    if (flag === '--network') options.network = value();
    else if (flag === '--out') options.out = path.resolve(value());
    else if (flag === '--api-url') options.apiUrl = httpUrls(value(), '--api-url')[0] ?? fail('--api-url is empty');
    else if (flag === '--rpc-url') options.rpcUrls = httpUrls(value(), '--rpc-url');
    else if (flag === '--explorer-url') {
      const url = value();
      options.explorerUrl = url === 'none' ? 'none' : (httpUrls(url, '--explorer-url')[0] ?? null);
    } else if (flag === '--deployments') options.deployments = path.resolve(value());
    else if (flag === '--releases-url') options.releasesUrl = value();
    else if (flag === '--help' || flag === '-h') {
      console.log(usage);
      process.exit(0);
    } else if (flag !== '--') fail(`unknown argument ${argv[i]}\n${usage}`);
  }
  if (!options.network || !Object.hasOwn(NETWORK_BUILDS, options.network))
    fail(`--network must be one of ${Object.keys(NETWORK_BUILDS).join(', ')}\n${usage}`);
  if (!options.out) fail(`--out is required (never a package's own dist/)\n${usage}`);
  if (!options.apiUrl) fail(`--api-url is required: the api the site calls\n${usage}`);
  if (options.deployments && !fs.existsSync(options.deployments)) fail(`--deployments ${options.deployments} does not exist`);
  // A chain on this machine (a rehearsal) has no public explorer: its transactions are not on bscscan.com.
  if (options.explorerUrl === null && options.rpcUrls.length > 0 && options.rpcUrls.every(isLoopback))
    options.explorerUrl = 'none';
  return options;
}

function run(command, args, { cwd = ROOT, env = process.env } = {}) {
  const result = spawnSync(command, args, { cwd, env, stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.status !== 0) fail(`${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
}

function main() {
  const options = parseArgs(process.argv.slice(2));
  const { chainId } = networkParams.NETWORKS[options.network];
  const build = NETWORK_BUILDS[options.network];
  const started = Date.now();
  fs.mkdirSync(options.out, { recursive: true });

  // 1. The contract registry with this network's deployment.
  const generated = path.join(options.out, 'contracts-generated');
  run(
    process.execPath,
    [
      '-r',
      './scripts/swc-register.cjs',
      'scripts/generate.ts',
      ...(options.deployments ? ['--deployments', options.deployments] : []),
      '--out',
      generated,
    ],
    { cwd: path.join(ROOT, 'contracts') },
  );
  const chains = fs.readFileSync(path.join(generated, 'chains.ts'), 'utf8');
  const deployed = JSON.parse(/DEPLOYED_CHAIN_IDS: readonly number\[\] = (\[[^\]]*\])/.exec(chains)?.[1] ?? '[]');
  if (!deployed.includes(chainId)) {
    fail(
      `the protocol has no deployment on chain ${chainId} (${options.network}): deploy first (pnpm --filter @prds/contracts run deploy:network) ` +
        'and commit deployments/, or pass --deployments DIR',
    );
  }

  const env = {
    ...process.env,
    NODE_ENV: 'production',
    PRDS_ENV: build.appEnv,
    PRDS_API_URL: options.apiUrl,
    [build.rpcEnv]: options.rpcUrls.join(','),
    [build.explorerEnv]: options.explorerUrl ?? '',
    PRDS_CONTRACTS_GENERATED_DIR: generated,
  };
  // publishRelease builds with this process's environment.
  Object.assign(process.env, env);

  // 2. Every remote as a pinned release, made stable.
  const releasesDir = path.join(options.out, 'releases');
  const ctx = { releasesDir, apiUrl: options.apiUrl, baseUrl: options.releasesUrl, log: console.log };
  for (const container of Object.keys(REMOTES)) {
    const info = release.publishRelease({ remote: container, releasesDir, note: '' });
    console.log(rollout.canary(ctx, container, info.version, 100));
    if (rollout.readManifest(ctx)?.remotes[container]?.canary) console.log(rollout.promote(ctx, container));
  }

  // 3. The host.
  const hostOut = path.join(options.out, 'host');
  console.log(`== building host (production, ${options.network}) into ${path.relative(ROOT, hostOut)}`);
  // Its browser build into hostOut, its server render into hostOut/server (PRDS_OUTPUT_DIR, createConfig).
  run('pnpm', ['exec', 'webpack', '--mode', 'production'], {
    cwd: path.join(ROOT, 'host'),
    env: { ...env, PRDS_OUTPUT_DIR: hostOut },
  });

  console.log(`BUILT ${options.network} (chain ${chainId}) in ${((Date.now() - started) / 1000).toFixed(0)} s: ${options.out}`);
  console.log(
    `serve: node scripts/serve.mjs --only host --host-dist ${hostOut} --releases ${releasesDir} --api-url ${options.apiUrl}` +
      (options.rpcUrls.length ? ` --rpc-url ${options.rpcUrls.join(',')}` : ''),
  );
}

main();
