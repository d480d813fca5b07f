/**
 * The distributors' order-upload files, in one place: the columns the worksheet's export writes for
 * each distributor. Read docs/pull-lists.md ("Order files written"): the column names are our
 * reading of what each distributor's upload accepts (public help pages describe the uploads, not
 * their columns), so they are a guess to check against the distributor's own template.
 */
import type { FocDistributor } from '@shop/domain/pullLists/index';

export interface ExportLine {
  comicId: string;
  /** UPC or ISBN digits ('' when the item has none). */
  upc: string;
  title: string;
  total: number;
}

interface OrderFileFormat {
  /** The header row. */
  header: readonly string[];
  row: (line: ExportLine) => readonly (string | number)[];
}

export const ORDER_FILE_FORMATS: Readonly<Record<FocDistributor, OrderFileFormat>> = {
  // Lunar's "Lunar CSV File" upload (New Order → CSV Upload): the item code and a quantity; the title is for people.
  lunar: { header: ['Item Code', 'Quantity', 'Title'], row: (l) => [l.comicId, l.total, l.title] },
  // PRH's self-service order lines: the ISBN (or UPC/EAN) and a quantity; our item code when the item has neither.
  prh: { header: ['ISBN', 'Quantity'], row: (l) => [l.upc || l.comicId, l.total] },
  // Diamond's order upload: the Diamond code and a quantity, with the title for people.
  diamond: { header: ['Diamond Code', 'Quantity', 'Description'], row: (l) => [l.comicId, l.total, l.title] },
};

/** A CSV cell: quoted when it holds a comma, a quote or a line break (RFC 4180); a leading =+-@ is defused. */
function cell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The order file of a distributor: a header and one row per line with copies to order (CRLF line ends). */
export function orderFileCsv(distributor: FocDistributor, lines: readonly ExportLine[]): string {
  const format = ORDER_FILE_FORMATS[distributor];
  const rows = [format.header, ...lines.filter((l) => l.total > 0).map(format.row)];
  return rows.map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n';
}

export const orderFileName = (distributor: FocDistributor, date: string) => `${distributor}-order-foc-${date}.csv`;
