import { createRolloutReporter, newLoadId, type ReportBatch } from './rolloutReporter';

const load = 'a'.repeat(32);

describe('createRolloutReporter', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('sends what was reported a moment later, in requests of at most 20', async () => {
    const sent: ReportBatch[] = [];
    const reporter = createRolloutReporter(async (batch) => void sent.push(batch), { delayMs: 1000 });
    for (let i = 0; i < 25; i += 1) reporter.report({ load, remote: 'mfe_claim', version: `1.0.${i}`, kind: 'loaded' });
    expect(sent).toEqual([]);
    await jest.advanceTimersByTimeAsync(1000);
    expect(sent.map((batch) => [batch.load, batch.reports.length])).toEqual([
      [load, 20],
      [load, 5],
    ]);
    expect(sent[0]?.reports[0]).toEqual({ remote: 'mfe_claim', version: '1.0.0', kind: 'loaded' });
  });

  it('drops a batch the api refuses, with a warning, and keeps reporting', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    let calls = 0;
    const reporter = createRolloutReporter(async () => {
      calls += 1;
      if (calls === 1) throw new Error('api down');
    });
    reporter.report({ load, remote: 'mfe_claim', version: '1', kind: 'render' });
    await reporter.flush();
    reporter.report({ load, remote: 'mfe_claim', version: '1', kind: 'loaded' });
    await reporter.flush();
    expect(calls).toBe(2);
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });
});

describe('createRolloutReporter when the page is left', () => {
  it('sends what is queued at once', async () => {
    const sent: number[] = [];
    let leave: () => void = () => undefined;
    const reporter = createRolloutReporter(async (batch) => void sent.push(batch.reports.length), {
      delayMs: 60_000,
      onLeave: (flush) => {
        leave = flush;
      },
    });
    reporter.report({ load, remote: 'mfe_claim', version: '2', kind: 'missing' });
    leave();
    await Promise.resolve();
    expect(sent).toEqual([1]);
  });
});

describe('newLoadId', () => {
  it('is 32 hex digits, new for every page load', () => {
    const ids = new Set(Array.from({ length: 100 }, () => newLoadId()));
    expect(ids.size).toBe(100);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{32}$/);
  });
});
