import { roleAbis, type Role } from '@prds/contracts';
import { ARCHIVE_GAS, WORST_PATH, worstPathExtraGas } from '@prds/contracts/worst-path-gas';
import { gasLimitFor } from './gasLimit';

// The contracts' own test (contracts/test/worstPathGas.test.ts) measures each table entry against the
// protocol on a chain; this holds the helper to the table.
describe('gasLimitFor', () => {
  const estimate = 80_000n;

  it('covers every listed call: a fifth over the estimate plus its worst path', () => {
    for (const [role, calls] of Object.entries(WORST_PATH) as [Role, Record<string, unknown>][]) {
      const abi: readonly { readonly type: string; readonly name?: string }[] = roleAbis[role];
      const written = new Set(abi.filter((item) => item.type === 'function').map((item) => item.name));
      for (const fn of Object.keys(calls)) {
        expect([role, fn, written.has(fn)]).toEqual([role, fn, true]);
        const extra = worstPathExtraGas(role, fn);
        expect(extra).toBeGreaterThan(0n);
        expect(gasLimitFor(estimate, role, fn)).toBe(estimate + estimate / 5n + extra);
      }
    }
  });

  it("gives a buy room for the archive of all four histories it can touch (option, position, referrer's, referral total)", () => {
    expect(gasLimitFor(estimate, 'markets', 'buy') - (estimate * 12n) / 10n).toBe(4n * BigInt(ARCHIVE_GAS));
  });

  it('keeps a fifth over the estimate for a call whose cost does not move (an approval, a vote)', () => {
    expect(gasLimitFor(estimate, 'payToken', 'approve')).toBe(96_000n);
    expect(gasLimitFor(estimate, 'markets', 'vote')).toBe(96_000n);
  });
});
