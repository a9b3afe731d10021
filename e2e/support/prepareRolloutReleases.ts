// The rollout spec's two releases of the claim remote, built once by the test command before the
// browser suites (scripts/test.sh exports PRDS_E2E_ROLLOUT_RELEASES=DIR for e2e/tests/rollout.spec.ts):
//
//   node -r ./contracts/scripts/swc-register.cjs e2e/support/prepareRolloutReleases.ts DIR
import fs from 'node:fs';
import path from 'node:path';
import { buildTwoReleases } from './rollout';

const dir = process.argv[2];
if (!dir) {
  console.error('usage: node -r ./contracts/scripts/swc-register.cjs e2e/support/prepareRolloutReleases.ts DIR');
  process.exit(2);
}
const target = path.resolve(dir);
fs.rmSync(target, { recursive: true, force: true });
const { v1, v2 } = buildTwoReleases(target, (line) => console.log(line));
console.log(`rollout spec releases in ${target}: v1 ${v1.version}, v2 ${v2.version}`);
