// Sums the result files of every suite the test command ran and prints the closing line
// `N passed, N failed`. A suite whose result file is missing (the runner crashed) counts as failed.
// Usage: node scripts/summarize.mjs [--failed-steps N] <name>=<jest|playwright>:<file> ...
// A failed build, compile or typecheck step (--failed-steps) counts as one failure each. Exit 1 on any failure.
import fs from 'node:fs';
import { stripVTControlCharacters } from 'node:util';

const firstLine = (text) =>
  stripVTControlCharacters(String(text ?? ''))
    .split('\n')
    .find((line) => line.trim())
    ?.trim()
    .slice(0, 200) ?? '';

/**
 * Where a browser test failed (its spec's line) and what Playwright was waiting for (the call log's
 * last lines): a CI page keeps only the end of the output, and a bare 'locator.click: Timeout' does
 * not say which click or why.
 */
function whereAndWhy(error) {
  if (!error) return '';
  const at = error.location ? `\n      at ${error.location.file.split('/e2e/').at(-1)}:${error.location.line}` : '';
  const lines = stripVTControlCharacters(String(error.message ?? '')).split('\n');
  const callLog = lines.findIndex((line) => line.trim() === 'Call log:');
  const waits =
    callLog === -1
      ? []
      : lines
          .slice(callLog + 1)
          .filter((line) => line.trim().startsWith('-'))
          .slice(-4);
  return at + waits.map((line) => `\n      ${line.trim().slice(0, 160)}`).join('');
}

function readJest(file) {
  const r = JSON.parse(fs.readFileSync(file, 'utf8'));
  // A test file that fails to run (syntax error, failing hook) has no test results of its own.
  const broken = r.testResults.filter((t) => t.status === 'failed' && t.assertionResults.length === 0);
  const names = [
    ...broken.map((t) => `${t.name}: ${firstLine(t.message)}`),
    ...r.testResults.flatMap((t) =>
      t.assertionResults
        .filter((a) => a.status === 'failed')
        .map((a) => `${t.name} › ${a.fullName}: ${firstLine(a.failureMessages?.[0])}`),
    ),
  ];
  return {
    passed: r.numPassedTests,
    failed: r.numFailedTests + broken.length,
    skipped: r.numPendingTests + r.numTodoTests,
    names,
  };
}

function readPlaywright(file) {
  const r = JSON.parse(fs.readFileSync(file, 'utf8'));
  const s = r.stats;
  const setupErrors = (r.errors ?? []).length;
  const names = (r.errors ?? []).map((e) => `setup: ${firstLine(e.message)}`);
  const walk = (suite, file) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue;
        const error = test.results?.at(-1)?.error;
        names.push(`${spec.file ?? file} › ${spec.title}: ${firstLine(error?.message)}${whereAndWhy(error)}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, suite.file ?? file);
  };
  for (const suite of r.suites ?? []) walk(suite, suite.file);
  return { passed: s.expected + s.flaky, failed: s.unexpected + setupErrors, skipped: s.skipped, names };
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
  // The failures by name, so the end of the output (all a CI page may keep) says what failed.
  for (const failure of (res.names ?? []).slice(0, 20)) console.log(`  failed in ${name}: ${failure}`);
  console.log(`suite ${name}: ${res.passed} passed, ${res.failed} failed${res.skipped ? `, ${res.skipped} skipped` : ''}`);
  passed += res.passed;
  failed += res.failed;
  skipped += res.skipped;
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
