import { createRolloutReporter, type RolloutReport } from './rolloutReporter';

describe('createRolloutReporter', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('sends what was reported a moment later, in requests of at most 20', async () => {
    const sent: RolloutReport[][] = [];
    const reporter = createRolloutReporter(async (reports) => void sent.push([...reports]), { delayMs: 1000 });
    for (let i = 0; i < 25; i += 1) reporter.report({ remote: 'mfe_claim', version: `1.0.${i}`, kind: 'loaded' });
    expect(sent).toEqual([]);
    await jest.advanceTimersByTimeAsync(1000);
    expect(sent.map((batch) => batch.length)).toEqual([20, 5]);
  });

  it('drops a batch the api refuses, with a warning, and keeps reporting', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    let calls = 0;
    const reporter = createRolloutReporter(async () => {
      calls += 1;
      if (calls === 1) throw new Error('api down');
    });
    reporter.report({ remote: 'mfe_claim', version: '1', kind: 'render' });
    await reporter.flush();
    reporter.report({ remote: 'mfe_claim', version: '1', kind: 'loaded' });
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
    const reporter = createRolloutReporter(async (reports) => void sent.push(reports.length), {
      delayMs: 60_000,
      onLeave: (flush) => {
        leave = flush;
      },
    });
    reporter.report({ remote: 'mfe_claim', version: '2', kind: 'missing' });
    leave();
    await Promise.resolve();
    expect(sent).toEqual([1]);
  });
});
