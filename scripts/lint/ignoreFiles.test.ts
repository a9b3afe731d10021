import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { toEslintPattern } from './ignoreFiles.cjs';

// What a benchmark writes inside the repository is ignored by git, ESLint and Prettier alike (issue 27
// item 19: after `pnpm bench:gas` the lint step failed on 348 problems in the Gnosis sources it had
// downloaded into contracts/bench/.gnosis/, which git ignored and ESLint did not).

const ROOT = path.resolve(__dirname, '..', '..');

jest.setTimeout(120_000);

type Ignored = Record<string, { git: boolean; eslint: boolean; prettier: boolean }>;

/** Asks git, ESLint and Prettier (as `pnpm lint` runs them) about each path, in a process of its own. */
function whoIgnores(paths: readonly string[]): Ignored {
  const out = execFileSync(process.execPath, [path.join(__dirname, 'whoIgnores.mjs'), ...paths], { cwd: ROOT, encoding: 'utf8' });
  return JSON.parse(out) as Ignored;
}

/**
 * Where each `pnpm bench:*` writes inside the repository (its output folder and the file that names
 * it), or null where it writes only under the OS's temporary folder. A new bench must say which.
 */
const BENCH_OUTPUTS: Record<string, { folder: string; writer: string } | null> = {
  'bench:gas': { folder: 'contracts/bench/.gnosis', writer: 'contracts/bench/gnosis-prepare.cjs' },
  'bench:web': { folder: 'e2e/lighthouse-reports', writer: 'e2e/bench/web.mjs' },
  'bench:bundle': null,
  // In-process Hardhat; it writes only the contracts' compile output (contracts/artifacts, cache).
  'bench:buy-load': null,
  'bench:list': null,
  // Prints its figures; writes no file.
  'bench:ssr': null,
  'bench:api': null,
  'bench:indexer': null,
  'bench:stream': null,
};

/** What a bench leaves in its folder: sources, data, reports. */
const SAMPLES = [
  'pkgs/@gnosis.pm/x/contracts/Example.sol',
  'pkgs/x/index.js',
  'x.ts',
  'report.json',
  'report.html',
  'solc05/package.json',
];

describe('toEslintPattern: a .gitignore line as an ESLint ignore pattern from its own folder', () => {
  test.each([
    ['node_modules/', '', '**/node_modules/'],
    ['/releases/', '', 'releases/'],
    ['e2e/screenshots/', '', 'e2e/screenshots/'],
    ['*.log', '', '**/*.log'],
    ['.gnosis/', 'contracts/bench', 'contracts/bench/**/.gnosis/'],
    ['/only-here.json', 'contracts/bench', 'contracts/bench/only-here.json'],
    ['out/data/', 'api', 'api/out/data/'],
    ['*.seed.json', 'contracts/deployments', 'contracts/deployments/**/*.seed.json'],
    ['!keep.log', 'api', '!api/**/keep.log'],
  ])('%s in %s → %s', (line, dir, pattern) => {
    expect(toEslintPattern(line, dir)).toBe(pattern);
  });

  test('blank lines and comments are no patterns', () => {
    expect(toEslintPattern('   ', '')).toBeNull();
    expect(toEslintPattern('# fetched on demand', 'contracts/bench')).toBeNull();
  });
});

describe("every bench's output folder", () => {
  test('is declared for every bench:* command of the root package.json', () => {
    const scripts = (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> })
      .scripts;
    const benches = Object.keys(scripts).filter((name) => name.startsWith('bench:'));
    expect(benches.sort()).toEqual(Object.keys(BENCH_OUTPUTS).sort());
    for (const output of Object.values(BENCH_OUTPUTS)) {
      if (!output) continue;
      // The folder is the one its writer names.
      expect(fs.readFileSync(path.join(ROOT, output.writer), 'utf8')).toContain(path.basename(output.folder));
    }
  });

  test('is ignored by git, ESLint and Prettier alike', () => {
    const paths = Object.values(BENCH_OUTPUTS).flatMap((output) =>
      output ? SAMPLES.map((sample) => `${output.folder}/${sample}`) : [],
    );
    const ignored = whoIgnores(paths);
    for (const file of paths) expect([file, ignored[file]]).toEqual([file, { git: true, eslint: true, prettier: true }]);
  });
});

test('whatever git ignores in this work tree now, ESLint and Prettier ignore too', () => {
  const listed = execFileSync('git', ['ls-files', '-z', '--others', '--ignored', '--exclude-standard', '--directory'], {
    cwd: ROOT,
    encoding: 'utf8',
  })
    .split('\0')
    .filter(Boolean);
  // A folder is asked about through a file inside it.
  const paths = listed.map((entry) => (entry.endsWith('/') ? `${entry}sample.js` : entry));
  const ignored = whoIgnores(paths);
  for (const file of paths) expect([file, ignored[file]]).toEqual([file, { git: true, eslint: true, prettier: true }]);
});
