#!/usr/bin/env node
// Prettier for the workspace (`pnpm lint`, `pnpm format`): the arguments given, plus `--ignore-path`
// for every .gitignore git honours and the root's .prettierignore (scripts/lint/ignoreFiles.cjs), so
// Prettier skips what git ignores — nested .gitignore files included, which Prettier alone never
// reads (it reads the .gitignore of the folder it runs in only).
//
//   node scripts/lint/prettier.mjs --check .
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/** @type {typeof import('./ignoreFiles.cjs')} */
const { prettierIgnorePaths } = require('./ignoreFiles.cjs');

const prettier = require.resolve('prettier/bin/prettier.cjs', { paths: [ROOT] });
const ignorePaths = prettierIgnorePaths(ROOT).flatMap((file) => ['--ignore-path', path.join(ROOT, file)]);
const run = spawnSync(process.execPath, [prettier, ...process.argv.slice(2), ...ignorePaths], { stdio: 'inherit' });
process.exit(run.status ?? 1);
