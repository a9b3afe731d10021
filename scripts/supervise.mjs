#!/usr/bin/env node
// Keeps one part of the local stack running: starts a command, and when it stops by itself reports
// it (on stderr and in its log) and starts it again after a back-off — 1 s, doubling to 30 s, back to
// 1 s once it has run for a minute. A part that keeps crashing is not hidden behind restarts: past
// --max-restarts restarts within --window seconds the supervisor reports it and exits 1, so the
// caller (scripts/start.sh) stops and shows the log.
//
//   node scripts/supervise.mjs --name web --log .run/serve.log [--ready '^READY'] [--max-restarts 5]
//        [--window 300] [--backoff-ms 1000] -- node scripts/serve.mjs --base-port 3000
//
// The command's output is appended to the log. With --ready REGEX, a first start that stops before
// printing a matching line is a start-up failure, not a crash: it is reported and the supervisor
// exits 1 at once (restarting a command that cannot start only delays the error). SIGINT/SIGTERM
// are passed on to the command; the supervisor exits when it has stopped (after 15 s it is killed).
import { spawn } from 'node:child_process';
import fs from 'node:fs';

function fail(message) {
  console.error(`supervise: ${message}`);
  process.exit(2);
}

function parseArgs(argv) {
  const split = argv.indexOf('--');
  if (split < 0 || split === argv.length - 1) fail('usage: supervise.mjs --name N --log FILE [options] -- command args…');
  const options = {
    name: null,
    log: null,
    ready: null,
    maxRestarts: 5,
    windowMs: 300_000,
    backoffMs: 1_000,
    maxBackoffMs: 30_000,
  };
  const flags = argv.slice(0, split);
  for (let i = 0; i < flags.length; i += 1) {
    const flag = flags[i];
    const value = () => flags[++i] ?? fail(`${flag} needs a value`);
    const number = () => {
      const n = Number(value());
      if (!Number.isFinite(n) || n < 0) fail(`${flag} must be a number ≥ 0`);
      return n;
    };
    if (flag === '--name') options.name = value();
    else if (flag === '--log') options.log = value();
    else if (flag === '--ready') options.ready = new RegExp(value(), 'm');
    else if (flag === '--max-restarts') options.maxRestarts = number();
    else if (flag === '--window') options.windowMs = number() * 1000;
    else if (flag === '--backoff-ms') options.backoffMs = number();
    else if (flag === '--max-backoff-ms') options.maxBackoffMs = number();
    else fail(`unknown flag ${flag}`);
  }
  if (!options.name || !options.log) fail('--name and --log are required');
  return { ...options, command: argv[split + 1], args: argv.slice(split + 2) };
}

const options = parseArgs(process.argv.slice(2));
const stamp = () => new Date().toISOString();

/** A line for the person watching (stderr) and for the log. */
function report(line) {
  const text = `SUPERVISE ${options.name}: ${line}`;
  console.error(`[${stamp()}] ${text}`);
  fs.appendFileSync(options.log, `${text}\n`);
}

let child = null;
let stopping = false;
/** Whether a start has ever been ready (always, without --ready). */
let everReady = options.ready === null;
let backoff = options.backoffMs;
const restarts = [];

function start() {
  const startedAt = Date.now();
  child = spawn(options.command, options.args, { stdio: ['ignore', 'pipe', 'pipe'] });
  // Appended line by line as it comes (the log is what start.sh and a person read).
  let seen = '';
  const copy = (chunk) => {
    fs.appendFileSync(options.log, chunk);
    if (!everReady && options.ready) {
      seen = (seen + chunk.toString('utf8')).slice(-4096);
      if (options.ready.test(seen)) everReady = true;
    }
  };
  child.stdout.on('data', copy);
  child.stderr.on('data', copy);
  child.once('error', (error) => report(`cannot start: ${error.message}`));
  child.once('close', (code, signal) => {
    child = null;
    if (stopping) process.exit(0);
    const ranMs = Date.now() - startedAt;
    const how = signal ? `was killed (${signal})` : `exited with code ${code}`;
    if (!everReady) {
      report(`${how} before it was ready (${(ranMs / 1000).toFixed(1)} s) — not restarted; see ${options.log}`);
      process.exit(1);
    }
    const now = Date.now();
    while (restarts.length && restarts[0] < now - options.windowMs) restarts.shift();
    if (restarts.length >= options.maxRestarts) {
      report(
        `${how} after ${(ranMs / 1000).toFixed(1)} s — GAVE UP: ${restarts.length + 1} crashes within ${options.windowMs / 1000} s; see ${options.log}`,
      );
      process.exit(1);
    }
    if (ranMs >= 60_000) backoff = options.backoffMs;
    restarts.push(now);
    report(
      `${how} after ${(ranMs / 1000).toFixed(1)} s; restarting in ${(backoff / 1000).toFixed(1)} s (restart ${restarts.length} of ${options.maxRestarts} allowed in ${options.windowMs / 1000} s)`,
    );
    const delay = backoff;
    backoff = Math.min(backoff * 2, options.maxBackoffMs);
    setTimeout(() => {
      if (stopping) process.exit(0);
      report(`restarting: ${[options.command, ...options.args].join(' ')}`);
      start();
    }, delay);
  });
}

function stop(signal) {
  if (stopping) return;
  stopping = true;
  if (!child) process.exit(0);
  child.kill(signal);
  setTimeout(() => {
    child?.kill('SIGKILL');
    process.exit(0);
  }, 15_000).unref();
}
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGHUP', () => stop('SIGTERM'));

start();
