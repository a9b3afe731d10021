#!/usr/bin/env node
// Adds, changes or removes message keys in all 12 locale files at once, keeping each file's keys
// sorted. Several people (or tools) may edit the locale files at the same time, so each change reads,
// merges and writes under a lock and touches only the keys it names.
//
//   node scripts/locales.mjs set <file.json>     file: { "key": { "en": "…", "zh": "…", … all 12 } }
//   node scripts/locales.mjs remove <key> [...]  removes the keys from every language
//   node scripts/locales.mjs missing             lists keys some language lacks (none expected)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const LOCALES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../locales');
const CODES = ['en', 'zh', 'ko', 'fr', 'ru', 'de', 'es', 'ar', 'ja', 'th', 'ms', 'vi'];
const LOCK = path.join(LOCALES, '.edit.lock');

function fail(message) {
  console.error(`locales: ${message}`);
  process.exit(1);
}

function withLock(work) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      fs.mkdirSync(LOCK);
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      // A lock older than a minute was left by a killed run.
      const age = Date.now() - fs.statSync(LOCK, { throwIfNoEntry: false })?.mtimeMs;
      if (age > 60_000) fs.rmSync(LOCK, { recursive: true, force: true });
      if (Date.now() > deadline) fail(`another edit holds ${LOCK} for over 30 s`);
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
    }
  }
  try {
    return work();
  } finally {
    fs.rmSync(LOCK, { recursive: true, force: true });
  }
}

const read = (code) => JSON.parse(fs.readFileSync(path.join(LOCALES, `${code}.json`), 'utf8'));
function write(code, messages) {
  const sorted = Object.fromEntries(Object.entries(messages).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  const file = path.join(LOCALES, `${code}.json`);
  fs.writeFileSync(`${file}.tmp`, `${JSON.stringify(sorted, null, 2)}\n`);
  fs.renameSync(`${file}.tmp`, file);
}

const [command, ...args] = process.argv.slice(2);
if (command === 'set') {
  if (args.length !== 1) fail('usage: set <file.json>');
  const changes = JSON.parse(fs.readFileSync(args[0], 'utf8'));
  for (const [key, texts] of Object.entries(changes)) {
    const missing = CODES.filter((code) => typeof texts[code] !== 'string' || texts[code].trim() === '');
    if (missing.length > 0) fail(`${key} lacks ${missing.join(', ')}`);
    const extra = Object.keys(texts).filter((code) => !CODES.includes(code));
    if (extra.length > 0) fail(`${key} names unknown languages ${extra.join(', ')}`);
  }
  withLock(() => {
    for (const code of CODES) {
      const messages = read(code);
      for (const [key, texts] of Object.entries(changes)) messages[key] = texts[code];
      write(code, messages);
    }
  });
  console.log(`locales: set ${Object.keys(changes).length} keys in ${CODES.length} languages`);
} else if (command === 'remove') {
  if (args.length === 0) fail('usage: remove <key> [...]');
  withLock(() => {
    for (const code of CODES) {
      const messages = read(code);
      for (const key of args) delete messages[key];
      write(code, messages);
    }
  });
  console.log(`locales: removed ${args.length} keys`);
} else if (command === 'missing') {
  const all = new Set(CODES.flatMap((code) => Object.keys(read(code))));
  let gaps = 0;
  for (const code of CODES) {
    const have = new Set(Object.keys(read(code)));
    for (const key of all) {
      if (have.has(key)) continue;
      gaps += 1;
      console.log(`${code}: ${key}`);
    }
  }
  process.exit(gaps === 0 ? 0 : 1);
} else {
  fail('usage: set <file.json> | remove <key> [...] | missing');
}
