import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import {
  BOOK_CSV_COLUMNS,
  type BookFilter,
  type BookPage,
  type BookQuery,
  type BookRow,
} from '@portal/contracts';
import type { Database } from '../../db/client';
import { spreadsheetSafe } from '../../lib/csv';
import { bookPage, bookRows } from './repository';

/** A page of the broker's book (issue 13): rows, the filtered count and the book's alerts. */
export async function brokerBookPage(
  db: Database,
  brokerId: string,
  today: string,
  query: BookQuery,
): Promise<BookPage> {
  const { page, pageSize, ...filter } = query;
  const result = await bookPage(db, brokerId, today, filter, {
    offset: (page - 1) * pageSize,
    limit: pageSize,
  });
  return { ...result, page, pageSize };
}

/** Rows read per statement while the CSV streams (memory stays bounded however large the book). */
export const CSV_CHUNK = 1000;

const money = (cents: number): string => (cents / 100).toFixed(2);

function csvRecord(row: BookRow): string[] {
  return [
    row.policyNumber,
    row.holderLastName,
    row.holderFirstName,
    row.issuerSubscriberId,
    row.exchangeSubscriberId ?? '',
    row.lineOfCoverage,
    row.market,
    row.enrollmentStatus,
    row.financeStatus ?? '',
    money(row.amountDueCents),
    money(row.pastDueCents),
    row.paidThroughDate ?? '',
    row.gracePeriodEndDate ?? '',
    row.autopay ? 'yes' : 'no',
    row.renewalStartDate ?? '',
  ];
}

/**
 * The filtered book as CSV (csv-stringify quotes and escapes), streamed: the rows are read `CSV_CHUNK`
 * at a time in the export's sort order and written as they come. Every cell is made spreadsheet-safe
 * (lib/csv.ts): names and ids come from enrolment files, which the portal does not control.
 */
export function brokerBookCsv(db: Database, brokerId: string, today: string, filter: BookFilter): Readable {
  async function* records(): AsyncGenerator<string[]> {
    yield [...BOOK_CSV_COLUMNS];
    for (let offset = 0; ; offset += CSV_CHUNK) {
      const rows = await bookRows(db, brokerId, today, filter, { offset, limit: CSV_CHUNK });
      for (const row of rows) yield csvRecord(row).map(spreadsheetSafe);
      if (rows.length < CSV_CHUNK) return;
    }
  }
  return Readable.from(records()).pipe(stringify({ record_delimiter: 'windows' }));
}
