// Processes a spec starts itself (a node, an api, a web server), each in its own process group with
// its output in a log, remembered by pid in a file so that the next run stops what a killed run left;
// a pid is signalled only while its command line still holds the process's marker (pids get recycled).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface StartOptions {
  readonly cwd: string;
  readonly env?: NodeJS.ProcessEnv;
  /** What the process's output says once it is ready. */
  readonly ready: RegExp;
  readonly timeoutMs: number;
}

export class OwnedProcesses<Name extends string> {
  readonly #pidsFile: string;

  /** `markers`: what marks each process as ours in /proc/<pid>/cmdline. Logs and the pids file go to `runDir`. */
  constructor(
    readonly runDir: string,
    readonly markers: Readonly<Record<Name, string>>,
  ) {
    this.#pidsFile = path.join(runDir, 'pids.json');
  }

  /** Stops every process a run (this one or an earlier one) left. */
  async stopAll(): Promise<void> {
    for (const name of Object.keys(this.markers) as Name[]) await this.stop(name);
  }

  /** SIGTERM to the process group (SIGKILL after 5 s), if the remembered pid is still ours. */
  async stop(name: Name): Promise<void> {
    const pids = this.#readPids();
    const pid = pids[name];
    if (pid !== undefined && this.#isOurs(pid, name)) {
      try {
        process.kill(-pid, 'SIGTERM');
      } catch {
        // gone
      }
      const deadline = Date.now() + 5_000;
      while (this.#isOurs(pid, name) && Date.now() < deadline) await sleep(50);
      if (this.#isOurs(pid, name)) process.kill(-pid, 'SIGKILL');
    }
    delete pids[name];
    fs.mkdirSync(this.runDir, { recursive: true });
    fs.writeFileSync(this.#pidsFile, JSON.stringify(pids));
  }

  /** Starts `command` as its own process group (stopped as a unit), output to runDir/<name>.log; waits for `ready`. */
  async start(name: Name, command: string[], options: StartOptions): Promise<void> {
    const logFile = path.join(this.runDir, `${name}.log`);
    const out = fs.openSync(logFile, 'w');
    const [file, ...args] = command;
    const child = spawn(file ?? process.execPath, args, {
      cwd: options.cwd,
      env: { ...process.env, ...options.env },
      detached: true,
      stdio: ['ignore', out, out],
    });
    fs.closeSync(out);
    child.unref();
    if (child.pid === undefined) throw new Error(`could not start ${name}`);
    fs.writeFileSync(this.#pidsFile, JSON.stringify({ ...this.#readPids(), [name]: child.pid }));
    let exited: string | null = null;
    child.once('exit', (code, signal) => {
      exited = signal ?? String(code);
    });
    const deadline = Date.now() + options.timeoutMs;
    for (;;) {
      const log = fs.readFileSync(logFile, 'utf8');
      if (options.ready.test(log)) return;
      if (exited !== null) throw new Error(`${name} exited (${exited}) before it was ready:\n${log.slice(-3000)}`);
      if (Date.now() > deadline) throw new Error(`${name} was not ready within ${options.timeoutMs} ms:\n${log.slice(-3000)}`);
      await sleep(200);
    }
  }

  #readPids(): Partial<Record<Name, number>> {
    try {
      return JSON.parse(fs.readFileSync(this.#pidsFile, 'utf8')) as Partial<Record<Name, number>>;
    } catch {
      return {};
    }
  }

  #isOurs(pid: number, name: Name): boolean {
    try {
      return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').includes(this.markers[name]);
    } catch {
      return false;
    }
  }
}
