/**
 * Runs a benchmark's `main(cleanups)` to its exit code and exits the process with it: whatever `main`
 * started (servers, browsers, the back end) is stopped through the cleanups it pushed — in reverse
 * order, each given 15 s — also on SIGINT/SIGTERM and when the run passes its deadline, so a bench
 * never leaves a process behind or runs without end.
 *
 * @param {string} name what the messages call the bench (bench:list, bench:web)
 * @param {(cleanups: Array<() => Promise<unknown>>) => Promise<number>} main
 * @param {number} deadlineMs
 */
export async function runBench(name, main, deadlineMs) {
  const cleanups = [];
  let cleaning = null;
  const cleanUp = () => {
    cleaning ??= (async () => {
      for (const cleanup of cleanups.reverse()) {
        await Promise.race([cleanup().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 15_000))]);
      }
    })();
    return cleaning;
  };
  const abandon = async (why) => {
    console.error(why);
    await cleanUp();
    process.exit(1);
  };
  process.once('SIGINT', () => void abandon(`${name} interrupted (SIGINT)`));
  process.once('SIGTERM', () => void abandon(`${name} stopped (SIGTERM)`));
  const deadline = setTimeout(() => void abandon(`${name} did not finish within ${deadlineMs / 60_000} min`), deadlineMs);
  let code = 1;
  try {
    code = await main(cleanups);
  } catch (error) {
    console.error(error);
    code = 1;
  }
  clearTimeout(deadline);
  await cleanUp();
  process.exit(code);
}
