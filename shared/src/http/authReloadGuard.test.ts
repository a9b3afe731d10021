import { AUTH_RELOAD_STORAGE_KEY, clearAuthReloads, createAuthReloadGuard, type ReloadLog } from './authReloadGuard';

/** A session storage that survives "reloads" (each guard below stands for a freshly loaded page). */
function memoryLog(): ReloadLog & { readonly items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

function page(log: ReloadLog | null, clock: { now: number }) {
  const seen = { reloads: 0, blocked: 0 };
  const refused = createAuthReloadGuard({
    log,
    now: () => clock.now,
    reload: () => (seen.reloads += 1),
    onBlocked: () => (seen.blocked += 1),
  });
  return { refused, seen };
}

describe('the 401/403 reload guard', () => {
  it('reloads twice within a minute, then reports instead of reloading a third time', () => {
    const log = memoryLog();
    const clock = { now: 1_000_000 };
    const first = page(log, clock);
    first.refused();
    expect(first.seen).toEqual({ reloads: 1, blocked: 0 });

    clock.now += 5_000; // the reloaded page meets another 401
    const second = page(log, clock);
    second.refused();
    expect(second.seen).toEqual({ reloads: 1, blocked: 0 });

    clock.now += 5_000;
    const third = page(log, clock);
    third.refused();
    third.refused();
    expect(third.seen).toEqual({ reloads: 0, blocked: 2 });
  });

  it('reloads again once the earlier reloads are more than a minute old', () => {
    const log = memoryLog();
    const clock = { now: 1_000_000 };
    page(log, clock).refused();
    clock.now += 1_000;
    page(log, clock).refused();
    clock.now += 60_000;
    const later = page(log, clock);
    later.refused();
    expect(later.seen).toEqual({ reloads: 1, blocked: 0 });
  });

  it('starts afresh after the user retries', () => {
    const log = memoryLog();
    const clock = { now: 1_000_000 };
    page(log, clock).refused();
    page(log, clock).refused();
    clearAuthReloads(log);
    expect(log.items.has(AUTH_RELOAD_STORAGE_KEY)).toBe(false);
    const retried = page(log, clock);
    retried.refused();
    expect(retried.seen).toEqual({ reloads: 1, blocked: 0 });
  });

  it('never reloads when the count cannot be kept across a reload', () => {
    const noStorage = page(null, { now: 1 });
    noStorage.refused();
    expect(noStorage.seen).toEqual({ reloads: 0, blocked: 1 });

    const throwing: ReloadLog = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => undefined,
    };
    const full = page(throwing, { now: 1 });
    full.refused();
    expect(full.seen).toEqual({ reloads: 0, blocked: 1 });
  });

  it('ignores a malformed or tampered record', () => {
    const log = memoryLog();
    log.setItem(AUTH_RELOAD_STORAGE_KEY, '{"not":"a list"}');
    const clock = { now: 1_000_000 };
    const a = page(log, clock);
    a.refused();
    expect(a.seen.reloads).toBe(1);
    log.setItem(AUTH_RELOAD_STORAGE_KEY, '["x", null, 1e400]');
    const b = page(log, clock);
    b.refused();
    expect(b.seen.reloads).toBe(1);
  });
});
