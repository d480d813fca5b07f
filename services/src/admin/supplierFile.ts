/**
 * Reading Lunar's and PRH's product data files (CSV or tab-separated, with a header row): the
 * columns come from SUPPLIER_COLUMNS (supplierColumns.ts), the rest of a line's checks are the
 * stock file's own (checkCommon). Dates are US-style (M/D/YYYY, a time after it ignored) or ISO.
 * Pure: no I/O.
 */
import type { CsvRecord } from '@shop/domain/shared/csv';
import { MAX_QUANTITY } from '@shop/domain/catalogue/index';
import { columnsOf, requiredHeaders, type SupplierField, type SupplierFileKind } from './supplierColumns.ts';
import { checkCommon, type LineProblem, type StockFileLine } from './stockFile.ts';

/** '12/1/2026', '12/01/2026 12:00:00 AM', '2026-12-01' → '2026-12-01'; '' → null; anything else → undefined. */
export function supplierDate(text: string): string | null | undefined {
  const value = text.trim();
  if (value === '') return null;
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[T ].*)?$/.exec(value);
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:\s.*)?$/.exec(value);
  const [year, month, day] = iso ? [iso[1], iso[2], iso[3]] : us ? [us[3], us[1], us[2]] : [];
  if (!year || !month || !day) return undefined;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (date.getUTCMonth() !== Number(month) - 1 || date.getUTCDate() !== Number(day)) return undefined;
  return `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
}

/** Digits of a UPC or ISBN ('9781302920494', '75960608857704611'); '' when none. */
const barcode = (text: string) => text.replace(/[^0-9X]/gi, '').slice(0, 20);

/** The lines of a Lunar or PRH file: the first record naming the required columns is its header. */
export function readSupplierFile(
  kind: SupplierFileKind,
  records: readonly CsvRecord[],
  quantity: number,
  lines: StockFileLine[],
  errors: LineProblem[],
  skipped: LineProblem[],
): void {
  let columns: Partial<Record<SupplierField, number>> | null = null;
  for (const { line, cells } of records) {
    if (!columns) {
      columns = columnsOf(kind, cells);
      skipped.push({ line, reason: columns ? 'header line' : 'before the header line' });
      continue;
    }
    const cell = (field: SupplierField) => (columns![field] === undefined ? '' : (cells[columns![field]!] ?? '').trim());
    const fail = (reason: string) => void errors.push({ line, reason });
    const focDate = supplierDate(cell('focDate'));
    if (focDate === undefined) {
      fail(`FOC date '${cell('focDate').slice(0, 30)}' is not a date like 12/1/2026`);
      continue;
    }
    const releaseDate = supplierDate(cell('releaseDate'));
    if (releaseDate === undefined) {
      fail(`release date '${cell('releaseDate').slice(0, 30)}' is not a date like 12/24/2026`);
      continue;
    }
    const quantityText = cell('quantity');
    if (quantityText !== '' && (!/^\d+$/.test(quantityText) || Number(quantityText) > MAX_QUANTITY)) {
      fail(`quantity '${quantityText.slice(0, 20)}' is not a whole number up to ${MAX_QUANTITY}`);
      continue;
    }
    const common = checkCommon(
      line,
      { comicId: cell('comicId'), description: cell('title'), price: cell('srp'), publisher: cell('publisher') },
      errors,
    );
    if (!common) continue;
    const ratio = /(?:^|\s)1\s*:\s*(\d{1,4})\b/.exec(cell('ratio'));
    lines.push({
      line,
      ...common,
      quantity: quantityText === '' ? quantity : Number(quantityText),
      writer: cell('writer').slice(0, 200),
      artist: cell('artist').slice(0, 200),
      coverArtist: cell('coverArtist').slice(0, 200),
      supplierType: kind,
      focDate,
      releaseDate,
      upc: barcode(cell('upc')) || barcode(cell('isbn')),
      ratio: ratio ? Number(ratio[1]) : null,
    });
  }
  if (!columns) errors.push({ line: records[0]?.line ?? 1, reason: `no header line with the columns ${requiredHeaders(kind)}` });
}
