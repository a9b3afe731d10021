// A readers/writer lock across Playwright workers, kept in files. Most tests only read the running
// servers (shared); the resilience spec stops and replaces remotes (exclusive) and must not do so
// while a test in the other worker is using them. Project dependencies would serialise this too, but
// Playwright skips a dependent project when anything before it fails.
import fs from 'node:fs';
import path from 'node:path';
import { RUN_DIR } from './serverProcess';

const LOCK_DIR = path.join(RUN_DIR, 'lock');
const READERS_DIR = path.join(LOCK_DIR, 'readers');
const WRITER_FILE = path.join(LOCK_DIR, 'writer');
const POLL_MS = 150;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Removes a lock file whose owning worker died without releasing it (a crash, a killed run). */
function removeIfOrphaned(file: string): void {
  let owner: number;
  try {
    owner = Number(fs.readFileSync(file, 'utf8'));
  } catch {
    return;
  }
  if (Number.isInteger(owner) && owner > 0 && !isAlive(owner)) fs.rmSync(file, { force: true });
}

export function resetServerLock(): void {
  fs.rmSync(LOCK_DIR, { recursive: true, force: true });
  fs.mkdirSync(READERS_DIR, { recursive: true });
}

export async function acquireShared(id: string): Promise<() => void> {
  const mine = path.join(READERS_DIR, id.replace(/[^\w.-]/g, '_'));
  for (;;) {
    removeIfOrphaned(WRITER_FILE);
    if (!fs.existsSync(WRITER_FILE)) {
      fs.writeFileSync(mine, String(process.pid));
      // Re-check after registering: a writer that arrived in between wins and we back off.
      if (!fs.existsSync(WRITER_FILE)) return () => fs.rmSync(mine, { force: true });
      fs.rmSync(mine, { force: true });
    }
    await sleep(POLL_MS);
  }
}

export async function acquireExclusive(): Promise<() => void> {
  for (;;) {
    try {
      fs.writeFileSync(WRITER_FILE, String(process.pid), { flag: 'wx' });
      break;
    } catch {
      removeIfOrphaned(WRITER_FILE);
      await sleep(POLL_MS);
    }
  }
  for (;;) {
    const readers = fs.readdirSync(READERS_DIR);
    if (readers.length === 0) break;
    for (const reader of readers) removeIfOrphaned(path.join(READERS_DIR, reader));
    await sleep(POLL_MS);
  }
  return () => fs.rmSync(WRITER_FILE, { force: true });
}
