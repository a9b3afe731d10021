import { latestRealized, pnlSeries, utcDayOf } from './pnlSeries';

const USDT = 10n ** 18n;
const wei = (usdt: number) => (BigInt(usdt) * USDT).toString();

describe('pnlSeries', () => {
  it('has one point a day between snapshots, so the line is spaced by date', () => {
    const points = pnlSeries(
      [
        { day: '2026-11-20', realizedProfit: wei(5) },
        { day: '2026-11-23', realizedProfit: wei(8) },
      ],
      '2026-11-23',
      30,
    );
    expect(points).toEqual([
      { day: '2026-11-20', value: 5 },
      { day: '2026-11-21', value: 5 },
      { day: '2026-11-22', value: 5 },
      { day: '2026-11-23', value: 8 },
    ]);
  });

  it('runs to today with the last known figure, whatever order the api sends', () => {
    const points = pnlSeries(
      [
        { day: '2026-11-25', realizedProfit: wei(-2) },
        { day: '2026-11-24', realizedProfit: wei(3) },
      ],
      '2026-11-27',
      30,
    );
    expect(points.map((p) => p.day)).toEqual(['2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27']);
    expect(points.at(-1)).toEqual({ day: '2026-11-27', value: -2 });
  });

  it('shows 24 h (yesterday and today) as a flat line of the profit realized days before', () => {
    const snapshots = [
      { day: '2026-11-10', realizedProfit: wei(1) },
      { day: '2026-11-18', realizedProfit: wei(12) },
    ];
    expect(pnlSeries(snapshots, '2026-11-27', 2)).toEqual([
      { day: '2026-11-26', value: 12 },
      { day: '2026-11-27', value: 12 },
    ]);
    // A week starts on its first day with the figure known then.
    expect(pnlSeries(snapshots, '2026-11-27', 7)[0]).toEqual({ day: '2026-11-21', value: 12 });
  });

  it('crosses month and year ends by the calendar', () => {
    const points = pnlSeries([{ day: '2026-12-30', realizedProfit: wei(4) }], '2027-01-02', 30);
    expect(points.map((p) => p.day)).toEqual(['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02']);
  });

  it('keeps fractions of a USDT and leaves out days after today', () => {
    const points = pnlSeries(
      [
        { day: '2026-11-26', realizedProfit: (USDT / 4n).toString() },
        { day: '2026-11-28', realizedProfit: wei(9) },
      ],
      '2026-11-27',
      30,
    );
    expect(points).toEqual([
      { day: '2026-11-26', value: 0.25 },
      { day: '2026-11-27', value: 0.25 },
    ]);
  });

  it('has no points without a snapshot', () => {
    expect(pnlSeries([], '2026-11-27', 2)).toEqual([]);
  });
});

describe('latestRealized and utcDayOf', () => {
  it('takes the newest snapshot on or before today', () => {
    const snapshots = [
      { day: '2026-11-18', realizedProfit: wei(12) },
      { day: '2026-11-28', realizedProfit: wei(1) },
      { day: '2026-11-10', realizedProfit: wei(1) },
    ];
    expect(latestRealized(snapshots, '2026-11-27')).toBe(wei(12));
    expect(latestRealized([], '2026-11-27')).toBeNull();
  });

  it('names the UTC day of a unix time', () => {
    expect(utcDayOf(Date.UTC(2026, 10, 27, 23, 59, 59) / 1000)).toBe('2026-11-27');
    expect(utcDayOf(Date.UTC(2026, 10, 28) / 1000)).toBe('2026-11-28');
  });
});
