import { bucketOf } from './bucket';

describe('bucketOf', () => {
  it('spreads 10,000 install ids evenly over the 100 buckets (chi-square, 99 degrees of freedom)', () => {
    const counts = new Array<number>(100).fill(0);
    for (let i = 0; i < 10_000; i += 1) {
      const id = `${i.toString(16).padStart(8, '0')}-4a7c-4d2e-9f1b-${(i * 7919).toString(16).padStart(12, '0')}`;
      const bucket = bucketOf(id, 'salt-2025');
      counts[bucket] = (counts[bucket] ?? 0) + 1;
    }
    const chiSquare = counts.reduce((sum, n) => sum + (n - 100) ** 2 / 100, 0);
    // The 99.9th percentile of chi-square with 99 degrees of freedom is 148.2.
    expect(chiSquare).toBeLessThan(148.2);
    expect(Math.min(...counts)).toBeGreaterThan(60);
    expect(Math.max(...counts)).toBeLessThan(140);
    // Any 25 buckets hold about a quarter: the share a 25 % canary reaches.
    const quarter = counts.slice(0, 25).reduce((a, b) => a + b, 0);
    expect(quarter).toBeGreaterThan(2_300);
    expect(quarter).toBeLessThan(2_700);
  });

  it('is stable for a key and salt, and a new salt reshuffles', () => {
    const keys = Array.from({ length: 200 }, (_, i) => `visitor-${i}`);
    const first = keys.map((k) => bucketOf(k, 'a'));
    expect(keys.map((k) => bucketOf(k, 'a'))).toEqual(first);
    const moved = keys.filter((k, i) => bucketOf(k, 'b') !== first[i]).length;
    expect(moved).toBeGreaterThan(180);
    for (const b of first) expect(b >= 0 && b < 100 && Number.isInteger(b)).toBe(true);
    // A wallet address buckets the same whichever page reads it.
    expect(bucketOf('0x70997970c51812dc3a010c7d01b50e0d17dc79c8', 's')).toBe(
      bucketOf('0x70997970c51812dc3a010c7d01b50e0d17dc79c8', 's'),
    );
  });
});
