// Debian's Chromium for Lighthouse: launched here with the repo's headless flags and a DevTools port
// (Lighthouse connects to it; chrome-launcher is not a dependency of ours and nothing may download a
// browser). One browser per Lighthouse run, in a fresh profile, so no run inherits another's cache.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM_LAUNCH_OPTIONS } from '../../support/chromium.mjs';

const START_TIMEOUT_MS = 30_000;
/** Browsers started and not yet stopped: the bench stops them when it is interrupted mid-run. */
const running = new Set();

/** Stops every browser launchChromium started that is still running. */
export const stopAllChromium = () => Promise.all([...running].map((stop) => stop()));

/**
 * Starts Chromium with `extraArgs` beside the shared headless flags; resolves with the DevTools port
 * once the browser prints it, and `stop()` (ends the browser's process group, deletes the profile).
 * @returns {Promise<{ port: number, stop: () => Promise<void> }>}
 */
export async function launchChromium(extraArgs = []) {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'prds-bench-web-chromium-'));
  const child = spawn(
    CHROMIUM_LAUNCH_OPTIONS.executablePath,
    [
      ...CHROMIUM_LAUNCH_OPTIONS.args,
      '--remote-debugging-address=127.0.0.1',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      ...extraArgs,
      'about:blank',
    ],
    // Its own process group: the wrapper script, the browser and its helpers end together.
    { stdio: ['ignore', 'ignore', 'pipe'], detached: true },
  );
  const exited = new Promise((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    running.delete(stop);
    if (child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
      const killer = setTimeout(() => {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }, 5_000);
      await exited;
      clearTimeout(killer);
    }
    fs.rmSync(profile, { recursive: true, force: true });
  };

  running.add(stop);
  let output = '';
  try {
    const port = await new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`Chromium printed no DevTools port within ${START_TIMEOUT_MS / 1000} s:\n${output}`)),
        START_TIMEOUT_MS,
      );
      child.stderr.on('data', (chunk) => {
        if (output.length < 100_000) output += chunk;
        const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
        if (match) {
          clearTimeout(timer);
          resolve(Number(match[1]));
        }
      });
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`Chromium exited (${code ?? signal}) before it was ready:\n${output}`));
      });
    });
    return { port, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
