import { formatFor } from '@prds/shared/format';
import { type HistoryEntry } from '@prds/shared/portfolio';
import { tokenAmount } from '../../../common/amounts';

// The History tab's rows, the one source of both the table and its CSV export, so the two show the
// same rows and figures: amounts with 4 decimals rounded down (spec §5). The file is for spreadsheets and
// other programs, so it is written one way in every language: '.' decimals, the time in UTC ISO form;
// the table shows the same moments and amounts in the page language (useFormat).

/** '2026-11-25 09:30 UTC': the file's time, whatever the reader's zone and language. */
export function historyTime(unixSeconds: number): string {
  return `${new Date(unixSeconds * 1000).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** An amount as a CSV cell: the table's figure (4 decimals, rounded down) with '.' decimals and no grouping. */
export function csvAmount(wei: string): string {
  return tokenAmount(wei, formatFor('en')).replace(/,/g, '');
}

export interface CsvHeadings {
  readonly time: string;
  readonly kind: string;
  readonly marketId: string;
  readonly market: string;
  readonly option: string;
  readonly paid: string;
  readonly fee: string;
  readonly payout: string;
  readonly refund: string;
  readonly tx: string;
}

/** Every entry as a row of cells, after the headings row. */
export function historyCsvRows(
  entries: readonly HistoryEntry[],
  headings: CsvHeadings,
  kindLabel: (entry: HistoryEntry) => string,
  marketName: (entry: HistoryEntry) => string,
  optionName: (entry: HistoryEntry) => string,
): string[][] {
  return [
    [
      headings.time,
      headings.kind,
      headings.marketId,
      headings.market,
      headings.option,
      headings.paid,
      headings.fee,
      headings.payout,
      headings.refund,
      headings.tx,
    ],
    ...entries.map((entry) => [
      historyTime(entry.time),
      kindLabel(entry),
      entry.marketId,
      marketName(entry),
      optionName(entry),
      csvAmount(entry.paid),
      csvAmount(entry.fee),
      csvAmount(entry.payout),
      csvAmount(entry.refund),
      entry.txHash,
    ]),
  ];
}

/**
 * RFC 4180: cells with a comma, quote or line break quoted, quotes doubled, CRLF between rows. A
 * cell a spreadsheet would run as a formula (=, +, -, @ first; event texts are user text) gets a
 * leading apostrophe — except a negative number.
 */
export function toCsv(rows: readonly (readonly string[])[]): string {
  const cell = (value: string) => {
    const safe = /^[=+\-@\t\r]/.test(value) && !/^-\d/.test(value) ? `'${value}` : value;
    return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  return rows.map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}

/** Parses what toCsv wrote (tests; a reader of the export). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}
