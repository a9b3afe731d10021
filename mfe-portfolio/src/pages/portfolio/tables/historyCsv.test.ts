import type { HistoryEntry } from '@prds/shared/portfolio';
import { csvAmount, historyCsvRows, historyTime, parseCsv, toCsv } from './historyCsv';

const entry = (over: Partial<HistoryEntry>): HistoryEntry => ({
  kind: 'buy',
  txHash: '0xabc',
  logIndex: 0,
  marketId: '3',
  event: 'Will it rain, "really"?',
  option: 0,
  optionLabel: 'Yes',
  paid: '1234567899999999999999',
  stake: '1200000000000000000000',
  fee: '34567899999999999999',
  payout: '0',
  refund: '0',
  time: 1_764_063_000,
  blockNumber: 10,
  ...over,
});

const headings = {
  time: 'Time',
  kind: 'Kind',
  marketId: 'Market id',
  market: 'Market',
  option: 'Option',
  paid: 'Paid',
  fee: 'Fee',
  payout: 'Payout',
  refund: 'Refund',
  tx: 'Transaction',
};

describe('history CSV', () => {
  it('writes the table’s figures: 4 decimals rounded down, no separators, UTC times', () => {
    expect(csvAmount('1234567899999999999999')).toBe('1234.5678');
    expect(historyTime(1_764_063_000)).toBe('2025-11-25 09:30 UTC');
    const rows = historyCsvRows(
      [
        entry({}),
        entry({
          kind: 'payout',
          option: null,
          optionLabel: null,
          paid: '0',
          stake: '0',
          fee: '0',
          payout: '5000000000000000000',
        }),
      ],
      headings,
      (e) => e.kind,
      (e) => e.event ?? '',
      (e) => e.optionLabel ?? '',
    );
    expect(rows[1]).toEqual([
      '2025-11-25 09:30 UTC',
      'buy',
      '3',
      'Will it rain, "really"?',
      'Yes',
      '1234.5678',
      '34.5678',
      '0',
      '0',
      '0xabc',
    ]);
    expect(rows[2]?.slice(5, 9)).toEqual(['0', '0', '5', '0']);
  });

  it('quotes what needs it, defuses formulas, and reads back what it wrote', () => {
    const rows = [
      ['a,b', 'say "hi"', '=HYPERLINK("x")', '-1.5', 'line\nbreak'],
      ['1', '', '@x', '+1', 'plain'],
    ];
    const text = toCsv(rows);
    expect(text.split('\r\n')[0]).toBe('"a,b","say ""hi""","\'=HYPERLINK(""x"")",-1.5,"line\nbreak"');
    expect(parseCsv(text)).toEqual([
      ['a,b', 'say "hi"', '\'=HYPERLINK("x")', '-1.5', 'line\nbreak'],
      ['1', '', "'@x", "'+1", 'plain'],
    ]);
  });
});
