#!/usr/bin/env bash
# The one test command: installs what is needed, builds once, runs every suite, and ends with
# `N passed, N failed` summed over all of them. Exits non-zero on any failure.
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$ROOT/scripts/setup.sh"
source "$ROOT/scripts/ensure-postgres.sh"
source "$ROOT/scripts/ensure-redis.sh"
# setup.sh turns on errexit for the scripts that source it; here a failing suite must not end the run
# before the others and the summary ran, so failures are counted instead.
set +e
cd "$ROOT"

RESULTS="$ROOT/.run/results"
rm -rf "$RESULTS" && mkdir -p "$RESULTS"
step() { printf '\n=== %s (%s)\n' "$1" "$(date -u +%H:%M:%S)"; }
failed_steps=0

step "install"
ensure_pnpm && ensure_system_packages browser && ensure_workspace || { echo "install failed"; echo "0 passed, 1 failed"; exit 1; }
ensure_postgres || failed_steps=$((failed_steps + 1))
ensure_redis || failed_steps=$((failed_steps + 1))

step "compile contracts"
pnpm --filter @prds/contracts run compile || failed_steps=$((failed_steps + 1))

step "typecheck"
pnpm -r --workspace-concurrency=2 run typecheck || failed_steps=$((failed_steps + 1))

# ESLint (typescript-eslint, react-hooks, jsx-a11y, the package boundaries) and Prettier, configured once at the root.
step "lint"
pnpm run lint || failed_steps=$((failed_steps + 1))

step "build host and remotes (production)"
# WalletConnect pointed at the stand-in relay walletconnect.spec.ts starts (e2e/support/apps.ts).
PRDS_WALLETCONNECT_PROJECT_ID=prds-e2e PRDS_WALLETCONNECT_RELAY_URL=ws://127.0.0.1:8797 \
  pnpm -r --workspace-concurrency=2 --filter "./mfe-*" --filter ./host run build || failed_steps=$((failed_steps + 1))

# Builds a spec needs beyond the host and remotes, made here before the parallel suites because inside
# a test they share the cores with two browser workers and the api suites (and ran past their limits):
# prepared NAME ENV_VAR FOLDER COMMAND... runs COMMAND into .run/results/NAME.log and, when it succeeds,
# exports ENV_VAR=FOLDER for the spec to reuse; when it fails, the spec builds on its own.
prepared() {
  local name="$1" var="$2" folder="$3"
  shift 3
  if "$@" >"$RESULTS/$name.log" 2>&1; then
    export "$var=$folder"
    tail -n 1 "$RESULTS/$name.log"
  else
    tail -n 40 "$RESULTS/$name.log"
    echo "$name failed (log: .run/results/$name.log); its spec builds on its own"
    failed_steps=$((failed_steps + 1))
  fi
}
step "BSC rehearsal build for bsc.spec.ts (chain 56 node, deploy:network, build-network)"
prepared bsc-build PRDS_E2E_BSC_BUILD "$ROOT/.run/bsc-rehearsal/build" \
  bash scripts/build-bsc-rehearsal.sh "$ROOT/.run/bsc-rehearsal"
step "the claim remote's two releases for rollout.spec.ts (pnpm release's code)"
prepared rollout-releases PRDS_E2E_ROLLOUT_RELEASES "$ROOT/.run/rollout-releases" \
  node -r ./contracts/scripts/swc-register.cjs e2e/support/prepareRolloutReleases.ts "$ROOT/.run/rollout-releases"

# The contract suites run on their own in-process chains, then the api suites (each file on its own
# devnet), once on SQLite and once on PostgreSQL, all beside the front-end and browser suites.
step "contracts, then api on SQLite and on PostgreSQL (jest) — started in the background"
(
  ( cd contracts && pnpm exec jest --ci --json --outputFile="$RESULTS/contracts.json" >"$RESULTS/contracts.log" 2>&1 )
  ( cd api && PRDS_TEST_DB=sqlite pnpm exec jest --ci --json --outputFile="$RESULTS/api-sqlite.json" >"$RESULTS/api-sqlite.log" 2>&1 )
  ( cd api && PRDS_TEST_DB=postgres pnpm exec jest --ci --json --outputFile="$RESULTS/api-postgres.json" >"$RESULTS/api-postgres.log" 2>&1 )
) &
contracts_pid=$!

step "front-end units (jest)"
pnpm exec jest --ci --json --outputFile="$RESULTS/web.json"

step "browser journeys (Playwright, Debian Chromium)"
( cd e2e && PLAYWRIGHT_JSON_OUTPUT_NAME="$RESULTS/e2e.json" pnpm exec playwright test --reporter=list,json )

step "contracts and api (waiting for the background run)"
wait "$contracts_pid"
for log in contracts api-sqlite api-postgres; do printf '\n--- %s\n' "$log"; cat "$RESULTS/$log.log"; done

step "summary"
exec node scripts/summarize.mjs --failed-steps "$failed_steps" \
  web=jest:"$RESULTS/web.json" contracts=jest:"$RESULTS/contracts.json" \
  api-sqlite=jest:"$RESULTS/api-sqlite.json" api-postgres=jest:"$RESULTS/api-postgres.json" e2e=playwright:"$RESULTS/e2e.json"
