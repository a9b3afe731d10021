// Starts backend.cjs (hardhat node + seeded SQLite + the real api) as its own process group and
// waits for `BACKEND READY`. stop() ends that group (the api and the node with it) and waits.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT } from './builds.mjs';

const READY_TIMEOUT_MS = 120_000;

/** @returns {Promise<{ apiUrl: string, rpcUrl: string, markets: number, stop: () => Promise<void> }>} */
export async function startBackend({ port, markets, corsOrigin, log = () => undefined }) {
  const child = spawn(
    process.execPath,
    [
      '-r',
      './api/scripts/register.cjs',
      path.join('e2e', 'bench', 'list', 'backend.cjs'),
      '--port',
      String(port),
      '--markets',
      String(markets),
      '--cors-origin',
      corsOrigin,
    ],
    // Its own process group, so a stop reaches the api and the node it started even if it hangs.
    { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'], detached: true },
  );
  let output = '';
  let exited = child.exitCode !== null;
  const exitedPromise = new Promise((resolve) => child.once('exit', () => resolve()));
  child.once('exit', () => {
    exited = true;
  });

  const stop = async () => {
    if (exited) return;
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      return;
    }
    const killer = setTimeout(() => {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }, 10_000);
    await exitedPromise;
    clearTimeout(killer);
  };

  const ready = new Promise((resolve, reject) => {
    const timer = setTimeout(
      () =>
        reject(new Error(`the bench back end did not get ready within ${READY_TIMEOUT_MS / 1000} s:\n${output.slice(-3000)}`)),
      READY_TIMEOUT_MS,
    );
    let buffered = '';
    const onData = (chunk) => {
      output += chunk;
      buffered += chunk;
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        const match = /^BACKEND READY (\S+) (\S+) (\d+)/.exec(line);
        if (match) {
          clearTimeout(timer);
          resolve({ apiUrl: match[1], rpcUrl: match[2], markets: Number(match[3]) });
        } else if (line.startsWith('[backend')) log(line);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the bench back end exited (${code ?? signal}):\n${output.slice(-3000)}`));
    });
  });
  try {
    return { ...(await ready), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
