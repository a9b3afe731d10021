#!/usr/bin/env bash
# The BSC rehearsal's production build, made once by the test command before the browser suites
# (e2e/tests/bsc.spec.ts reuses it through PRDS_E2E_BSC_BUILD instead of building inside a test,
# where two browser workers and the api suites share the 2 cores and the build ran past 10 minutes).
#
#   bash scripts/build-bsc-rehearsal.sh OUT_DIR
#
# Steps 1–4 of README "Deploying to BSC" on a node of its own (127.0.0.1:8654, stopped at the end):
# a Hardhat node as chain 56, the rehearsal's USDT and parameters, deploy:network with Hardhat's
# account 0, then scripts/build-network.mjs into OUT_DIR/build baked for the spec's node and api
# (8650, 8892). A fresh node and the same deployer give the same addresses, which the spec checks
# against its own deployment before it uses the build.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT="${1:?usage: build-bsc-rehearsal.sh OUT_DIR}"
PORT=8654
NODE_URL="http://127.0.0.1:${PORT}"
DEPLOYER_KEY=0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80 # Hardhat's public account 0
cd "$ROOT"
rm -rf "$OUT" && mkdir -p "$OUT"

PRDS_HARDHAT_CHAIN_ID=56 setsid pnpm --filter @prds/contracts exec hardhat node --hostname 127.0.0.1 --port "$PORT" \
  >"$OUT/node.log" 2>&1 &
NODE_PID=$!
trap 'kill -- "-$NODE_PID" 2>/dev/null || true' EXIT
for _ in $(seq 1 240); do
  grep -q 'Started HTTP' "$OUT/node.log" && break
  kill -0 "$NODE_PID" 2>/dev/null || { cat "$OUT/node.log"; echo "the rehearsal node did not start"; exit 1; }
  sleep 0.5
done
grep -q 'Started HTTP' "$OUT/node.log" || { tail -20 "$OUT/node.log"; echo "the rehearsal node was not ready in 120 s"; exit 1; }

pnpm --filter @prds/contracts run rehearsal -- --network bsc --rpc-url "$NODE_URL" --out "$OUT"
PRDS_DEPLOY_RPC_URL="$NODE_URL" PRDS_DEPLOYER_KEY="$DEPLOYER_KEY" \
  pnpm --filter @prds/contracts run deploy:network -- --network bsc --params "$OUT/bsc.params.json" --out "$OUT/deployments"
node scripts/build-network.mjs --network bsc --out "$OUT/build" --api-url http://127.0.0.1:8892 \
  --rpc-url http://127.0.0.1:8650 --deployments "$OUT/deployments"
echo "BSC rehearsal build in $OUT/build"
