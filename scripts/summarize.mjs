// Sums the result files of every suite the test command ran and prints the closing line
// `N passed, N failed`. A suite whose result file is missing (the runner crashed) counts as failed.
// Usage: node scripts/summarize.mjs [--failed-steps N] <name>=<jest|playwright>:<file> ...
// A failed build, compile or typecheck step (--failed-steps) counts as one failure each. Exit 1 on any failure.
import fs from 'node:fs';

function readJest(file) {
  const r = JSON.parse(fs.readFileSync(file, 'utf8'));
  // A test file that fails to run (syntax error, failing hook) has no test results of its own.
  const brokenFiles = r.testResults.filter((t) => t.status === 'failed' && t.assertionResults.length === 0).length;
  return { passed: r.numPassedTests, failed: r.numFailedTests + brokenFiles, skipped: r.numPendingTests + r.numTodoTests };
}

function readPlaywright(file) {
  const r = JSON.parse(fs.readFileSync(file, 'utf8'));
  const s = r.stats;
  const setupErrors = (r.errors ?? []).length;
  return { passed: s.expected + s.flaky, failed: s.unexpected + setupErrors, skipped: s.skipped };
}

let passed = 0,
  failed = 0,
  skipped = 0;
const args = process.argv.slice(2);
const stepsAt = args.indexOf('--failed-steps');
if (stepsAt >= 0) {
  failed += Number(args[stepsAt + 1]);
  if (failed) console.log(`build steps: ${failed} failed (see above)`);
  args.splice(stepsAt, 2);
}
for (const arg of args) {
  const [name, spec] = arg.split('=');
  const [kind, file] = spec.split(':');
  let res;
  try {
    res = kind === 'jest' ? readJest(file) : readPlaywright(file);
  } catch (err) {
    res = { passed: 0, failed: 1, skipped: 0 };
    console.log(`suite ${name}: no readable results (${err.message.split('\n')[0]}) — counted as 1 failure`);
  }
  console.log(`suite ${name}: ${res.passed} passed, ${res.failed} failed${res.skipped ? `, ${res.skipped} skipped` : ''}`);
  passed += res.passed;
  failed += res.failed;
  skipped += res.skipped;
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
