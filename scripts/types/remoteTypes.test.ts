// The types across the seam (issue 31): the host's typecheck checks every remote's published ./App
// against what its RemoteApp passes. A fixture declaration of mfe_claim's ./App that requires a prop
// (given with --types, in a folder of its own: the real remote is not touched) fails the check,
// naming the remote and the prop; the declarations emitted from the remotes' sources pass it.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const REPO_ROOT = path.resolve(__dirname, '../..');
const HOST_DIR = path.join(REPO_ROOT, 'host');
const SCRIPT = path.join(__dirname, 'remoteTypes.mjs');
const TSC = require.resolve('typescript/bin/tsc', { paths: [REPO_ROOT] });

const REMOTES = Object.keys(
  (JSON.parse(fs.readFileSync(path.join(HOST_DIR, '../apps.json'), 'utf8')) as { remotes: object }).remotes,
);

/** The host typecheck's first step: the remotes' declarations and the check, into `out`. */
function writeRemoteTypes(out: string, types: Record<string, string> = {}): { status: number | null; output: string } {
  const args = [SCRIPT, '--out', out, ...Object.entries(types).flatMap(([container, dir]) => ['--types', `${container}=${dir}`])];
  const written = spawnSync(process.execPath, args, { cwd: HOST_DIR, encoding: 'utf8', timeout: 60_000 });
  return { status: written.status, output: `${written.stdout}${written.stderr}` };
}

/** Its second: tsc on the check, with the host's compiler options. */
function checkRemoteTypes(out: string): { status: number | null; output: string } {
  const tsconfig = path.join(out, 'tsconfig.json');
  fs.writeFileSync(tsconfig, JSON.stringify({ extends: path.join(HOST_DIR, 'tsconfig.json'), include: ['remotes.check.ts'] }));
  const checked = spawnSync(process.execPath, [TSC, '-p', tsconfig], { cwd: HOST_DIR, encoding: 'utf8', timeout: 60_000 });
  return { status: checked.status, output: `${checked.stdout}${checked.stderr}` };
}

function hostCheck(out: string, types: Record<string, string>): { status: number | null; output: string } {
  const written = writeRemoteTypes(out, types);
  return written.status === 0 ? checkRemoteTypes(out) : written;
}

let work = '';

beforeAll(() => {
  // Inside host/ (git ignores .cache/), so the declarations' imports resolve from the host's node_modules.
  fs.mkdirSync(path.join(HOST_DIR, '.cache'), { recursive: true });
  work = fs.mkdtempSync(path.join(HOST_DIR, '.cache', 'remote-types-test-'));
  // Emitted once from the remotes' sources; the fixtures' checks reuse all but mfe_claim's.
  expect(writeRemoteTypes(path.join(work, 'real'))).toEqual({ status: 0, output: '' });
}, 120_000);

/** The declarations emitted from the remotes' sources, but mfe_claim's from `fixture`. */
function realTypesBut(fixture: string): Record<string, string> {
  return {
    ...Object.fromEntries(REMOTES.map((container) => [container, path.join(work, 'real', container)])),
    mfe_claim: fixture,
  };
}

afterAll(() => {
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

test("the remotes' declarations, emitted from their sources, pass the host's check", () => {
  const out = path.join(work, 'real');
  const { status, output } = checkRemoteTypes(out);
  expect(output).toBe('');
  expect(status).toBe(0);
  expect(fs.readFileSync(path.join(out, 'mfe_claim', 'App.d.ts'), 'utf8')).toContain(
    "export { default } from './compiled-types/src/App';",
  );
  expect(fs.readFileSync(path.join(out, 'remotes.check.ts'), 'utf8')).toContain("RemoteAppFits<'mfe_claim', typeof mfe_claim>");
}, 120_000);

test("a remote's ./App that requires a prop the host does not pass fails the host's check, naming the remote and the prop", () => {
  const fixture = path.join(work, 'fixture-mfe_claim');
  fs.mkdirSync(fixture, { recursive: true });
  fs.writeFileSync(
    path.join(fixture, 'App.d.ts'),
    "export default function App(props: { readonly campaign: string }): import('react').JSX.Element;\n",
  );
  const { status, output } = hostCheck(path.join(work, 'changed'), realTypesBut(fixture));
  expect(status).not.toBe(0);
  expect(output).toContain("remote mfe_claim: its ./App requires the prop 'campaign', which the host's RemoteApp does not pass");
  // The other remotes are not blamed.
  for (const other of REMOTES.filter((container) => container !== 'mfe_claim')) expect(output).not.toContain(`remote ${other}`);
}, 120_000);

test('an optional prop the host does not pass is fine', () => {
  const fixture = path.join(work, 'fixture-optional');
  fs.mkdirSync(fixture, { recursive: true });
  fs.writeFileSync(
    path.join(fixture, 'App.d.ts'),
    "export default function App(props: { readonly campaign?: string }): import('react').JSX.Element;\n",
  );
  const { status, output } = hostCheck(path.join(work, 'optional'), realTypesBut(fixture));
  expect(output).toBe('');
  expect(status).toBe(0);
}, 120_000);
