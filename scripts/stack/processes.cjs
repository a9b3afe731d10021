// The processes of a whole-stack run (scripts/stack.cjs): each started as its own process group with
// its log, its pid kept in <runDir>/stack.pids.json, stopped by group (SIGTERM, then SIGKILL) and only
// while /proc says it is still ours; ports polled until they open or close.
'use strict';
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const net = require('node:net');
const path = require('node:path');

const HOST = '127.0.0.1';
/** What marks each process as ours in /proc/<pid>/cmdline, so a recycled pid is never signalled. */
const MARKERS = { devnet: 'scripts/devnet.ts', api: 'src/main.ts' };

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function isPortOpen(port, host = HOST) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function isOurs(pid, name) {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').includes(MARKERS[name]);
  } catch {
    return false;
  }
}

/** The last `lines` lines of a log file, for error messages. */
function tail(file, lines = 40) {
  try {
    const text = fs.readFileSync(file, 'utf8').trimEnd().split('\n');
    return text.slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

function signalGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
    return;
  } catch {
    // not a group leader (or gone): signal the process itself
  }
  try {
    process.kill(pid, signal);
  } catch {
    // gone
  }
}

/** SIGTERM to the process group, SIGKILL after `graceMs`; resolves when the process is gone. */
async function stopPid(pid, graceMs = 5_000) {
  if (!isAlive(pid)) return;
  signalGroup(pid, 'SIGTERM');
  const deadline = Date.now() + graceMs;
  while (isAlive(pid) && Date.now() < deadline) await sleep(50);
  if (isAlive(pid)) {
    signalGroup(pid, 'SIGKILL');
    const hard = Date.now() + 2_000;
    while (isAlive(pid) && Date.now() < hard) await sleep(50);
  }
}

async function waitPortClosed(port, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (await isPortOpen(port)) {
    if (Date.now() > deadline) return false;
    await sleep(50);
  }
  return true;
}

function pidsFile(runDir) {
  return path.join(runDir, 'stack.pids.json');
}

function readPids(runDir) {
  try {
    return JSON.parse(fs.readFileSync(pidsFile(runDir), 'utf8'));
  } catch {
    return {};
  }
}

function writePids(runDir, pids) {
  fs.writeFileSync(pidsFile(runDir), `${JSON.stringify(pids, null, 2)}\n`);
}

/** Stops a devnet and an api that an earlier run in `runDir` left behind (only if still ours). */
async function stopLeftovers(runDir) {
  const pids = readPids(runDir);
  for (const name of ['api', 'devnet']) {
    const pid = pids[name];
    if (Number.isInteger(pid) && isAlive(pid) && isOurs(pid, name)) await stopPid(pid);
  }
  fs.rmSync(pidsFile(runDir), { force: true });
}

/** Starts `node -r <register> <script>` in `cwd` as its own process group, output to `logFile`. */
function startProcess({ cwd, register, script, env, logFile, signal, appendLog = false }) {
  if (signal?.aborted) throw new Error('stack start-up interrupted');
  const out = fs.openSync(logFile, appendLog ? 'a' : 'w');
  const child = spawn(process.execPath, ['-r', register, script], {
    cwd,
    env: { ...process.env, ...env },
    detached: true,
    stdio: ['ignore', out, out],
  });
  fs.closeSync(out);
  child.unref();
  const state = { child, exit: null };
  child.once('exit', (code, signal) => {
    state.exit = signal ? `signal ${signal}` : `code ${code}`;
  });
  if (child.pid === undefined) throw new Error(`could not start ${script}`);
  return state;
}

/** Waits for `pattern` in `logFile`, past its first `fromOffset` characters (a restart appends to its log). */
async function waitForLine(proc, logFile, pattern, timeoutMs, what, fromOffset = 0) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let text = '';
    try {
      text = fs.readFileSync(logFile, 'utf8').slice(fromOffset);
    } catch {
      // not written yet
    }
    const match = text.match(pattern);
    if (match) return match;
    if (proc.exit !== null) {
      throw new Error(`${what} exited (${proc.exit}) before it was ready; last lines of ${logFile}:\n${tail(logFile)}`);
    }
    if (Date.now() > deadline) {
      throw new Error(`${what} was not ready within ${timeoutMs / 1000} s; last lines of ${logFile}:\n${tail(logFile)}`);
    }
    await sleep(200);
  }
}

module.exports = {
  HOST,
  sleep,
  isPortOpen,
  isAlive,
  tail,
  stopPid,
  waitPortClosed,
  pidsFile,
  readPids,
  writePids,
  stopLeftovers,
  startProcess,
  waitForLine,
};
