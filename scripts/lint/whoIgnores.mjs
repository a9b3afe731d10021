#!/usr/bin/env node
// Which of git, ESLint (eslint.config.mjs) and Prettier (as `pnpm lint` runs it:
// scripts/lint/prettier.mjs) ignore each path given (relative to the repository; the paths need not
// exist). Prints one JSON object: { "<path>": { "git": bool, "eslint": bool, "prettier": bool } }.
// For scripts/lint/ignoreFiles.test.ts, which runs it in a process of its own: ESLint and Prettier
// load their configs as ES modules, which jest's module system does not.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import * as prettier from 'prettier';

const require = createRequire(import.meta.url);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/** @type {typeof import('./ignoreFiles.cjs')} */
const { prettierIgnorePaths } = require('./ignoreFiles.cjs');

const eslint = new ESLint({ cwd: ROOT });
const ignorePath = prettierIgnorePaths(ROOT).map((file) => path.join(ROOT, file));
const answer = {};
for (const file of process.argv.slice(2)) {
  // git check-ignore exits 0 when the path is ignored, 1 when it is not.
  const git = spawnSync('git', ['check-ignore', '--no-index', '-q', file], { cwd: ROOT }).status === 0;
  const eslintIgnored = await eslint.isPathIgnored(path.join(ROOT, file));
  const { ignored } = await prettier.getFileInfo(path.join(ROOT, file), { ignorePath });
  answer[file] = { git, eslint: eslintIgnored, prettier: ignored };
}
console.log(JSON.stringify(answer));
