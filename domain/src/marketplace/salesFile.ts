/**
 * The marketplace sales file (admin spec: "Marketplace sales file: fixed columns; a row is kept only
 * when its type is Order and a title is present"), and the spec's "Marketplace sales row": date,
 * orderNumber, buyerUsername, buyerName, deliveryCity, state, postcode, itemTitle, sku, quantity,
 * itemSubtotal, postage, feeFixed, feeVariable.
 *
 * Columns (SALES_FILE_COLUMNS), in this fixed order unless the file has a header row naming them
 * (eBay's own report headers are known, e.g. "Transaction creation date", "Custom label",
 * "Final Value Fee - fixed"): then the header decides where each column is. Lines before the header,
 * the header itself, and every row whose type is not Order or that has no item title are ignored
 * (payouts, refunds, fees, blank lines). A kept row with a bad value is refused with its line number
 * and the reason; the others are used.
 */
import { readCsv } from '../shared/csv.ts';
import { saleLineKey } from './marketplaceOrder.ts';

export const SALES_FILE_COLUMNS = [
  'date',
  'type',
  'orderNumber',
  'buyerUsername',
  'buyerName',
  'deliveryCity',
  'state',
  'postcode',
  'itemTitle',
  'sku',
  'quantity',
  'itemSubtotal',
  'postage',
  'feeFixed',
  'feeVariable',
] as const;
export type SalesFileColumn = (typeof SALES_FILE_COLUMNS)[number];

/** Header names (lower case, letters and digits only) accepted for each column. */
const HEADER_ALIASES: Record<SalesFileColumn, readonly string[]> = {
  date: ['date', 'saledate', 'orderdate', 'transactioncreationdate', 'transactiondate', 'paidondate'],
  type: ['type', 'transactiontype'],
  orderNumber: ['ordernumber', 'orderno', 'orderid'],
  buyerUsername: ['buyerusername', 'buyeruserid', 'buyerid', 'username'],
  buyerName: ['buyername', 'buyerfullname'],
  deliveryCity: ['deliverycity', 'shiptocity', 'posttocity', 'city'],
  state: ['state', 'deliverystate', 'shiptoprovinceregionstate', 'shiptostate', 'posttostate'],
  postcode: ['postcode', 'deliverypostcode', 'shiptozip', 'shiptopostcode', 'posttopostcode', 'postalcode', 'zip'],
  itemTitle: ['itemtitle', 'title'],
  sku: ['sku', 'customlabel', 'customlabelsku'],
  quantity: ['quantity', 'qty'],
  itemSubtotal: ['itemsubtotal', 'subtotal'],
  postage: ['postage', 'postageandpackaging', 'postageandhandling', 'shippingandhandling', 'shipping'],
  feeFixed: ['feefixed', 'finalvaluefeefixed'],
  feeVariable: ['feevariable', 'finalvaluefeevariable'],
};

/** Columns a header row must name (the rest may be missing and read as empty). */
const REQUIRED_COLUMNS: readonly SalesFileColumn[] = ['date', 'type', 'orderNumber', 'itemTitle', 'sku', 'quantity', 'itemSubtotal'];

/** The "type" a kept row has. */
export const SALES_ROW_TYPE = 'order';

export const SALES_FILE_MAX_ROWS = 20_000;

/** The spec's Marketplace sales row, validated: money in cents, the date as ISO. */
export interface SalesRow {
  line: number;
  date: string;
  orderNumber: string;
  buyerUsername: string;
  buyerName: string;
  deliveryCity: string;
  state: string;
  postcode: string;
  itemTitle: string;
  sku: string | null;
  quantity: number;
  itemSubtotal: number;
  postage: number;
  /** Fees as positive cents (the report may show them negative). */
  feeFixed: number;
  feeVariable: number;
}

export interface LineError {
  line: number;
  reason: string;
}

export interface ParsedSalesFile {
  rows: SalesRow[];
  /** Rows that are not sales (not of type Order, or without a title), header and preamble included. */
  ignored: number;
  errors: LineError[];
}

export class SalesFileError extends Error {}

const normaliseHeader = (cell: string) => cell.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The column positions a header row gives, or null when the record is not a header. */
function headerMapping(cells: readonly string[]): Map<SalesFileColumn, number> | null {
  const names = cells.map(normaliseHeader);
  const mapping = new Map<SalesFileColumn, number>();
  for (const column of SALES_FILE_COLUMNS) {
    const index = names.findIndex((n) => HEADER_ALIASES[column].includes(n));
    if (index >= 0) mapping.set(column, index);
  }
  // A header names at least the type, the order number and the title.
  if (!mapping.has('type') || !mapping.has('orderNumber') || !mapping.has('itemTitle')) return null;
  const missing = REQUIRED_COLUMNS.filter((c) => !mapping.has(c));
  if (missing.length > 0)
    throw new SalesFileError(`The sales file's header has no ${missing.join(', ')} column${missing.length > 1 ? 's' : ''}`);
  return mapping;
}

const FIXED_MAPPING = new Map<SalesFileColumn, number>(SALES_FILE_COLUMNS.map((c, i) => [c, i]));

/**
 * Money as the report writes it: "12.50", "$12.50", "AU $1,234.50", "A$3", "-1.20", "(1.20)";
 * empty, "-" or "--" is 0. Returns cents, or null when it is not an amount.
 */
export function parseAmountCents(text: string): number | null {
  let s = text.trim();
  if (s === '' || s === '-' || s === '--') return 0;
  let negative = false;
  if (/^\(.*\)$/.test(s)) {
    negative = true;
    s = s.slice(1, -1);
  }
  s = s.replace(/^(AUD|AU|A)\s*/i, '').replace(/\s+/g, '');
  if (s.startsWith('-')) {
    negative = !negative;
    s = s.slice(1);
  }
  s = s.replace(/^(AUD|AU|A)/i, '').replace(/^\$/, '');
  if (s.startsWith('-')) {
    negative = !negative;
    s = s.slice(1);
  }
  if (!/^(\d{1,3}(,\d{3})+|\d+)(\.\d{1,2})?$|^\.\d{1,2}$/.test(s)) return null;
  const [whole = '', fraction = ''] = s.replace(/,/g, '').split('.');
  const cents = Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0') || '0');
  if (!Number.isSafeInteger(cents)) return null;
  return negative && cents !== 0 ? -cents : cents;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** A date at noon in Sydney (AEST, +10:00): noon keeps the calendar day whatever the daylight saving. */
function sydneyDay(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  const date = new Date(Date.UTC(year, month - 1, day, 2, 0, 0));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString();
}

const fullYear = (y: number) => (y < 100 ? 2000 + y : y);

/**
 * The sale date as ISO: ISO 8601 ("2025-10-27", "2025-10-27T10:00:00Z"), Australian day first
 * ("27/10/2025", "27/10/25"), eBay's "Oct-27-25" and "27-Oct-25", or written out ("27 Oct 2025",
 * "Oct 27, 2025", with or without a time). Null when it is none of these.
 */
export function parseSaleDate(text: string): string | null {
  const s = text.trim();
  if (s === '') return null;
  let m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (m) return sydneyDay(Number(m[1]), Number(m[2]), Number(m[3]));
  if (/^\d{4}-\d{2}-\d{2}T/.test(s)) {
    const t = Date.parse(s);
    return Number.isNaN(t) ? null : new Date(t).toISOString();
  }
  m = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/.exec(s);
  if (m) return sydneyDay(fullYear(Number(m[3])), Number(m[2]), Number(m[1]));
  m = /^([A-Za-z]{3})-(\d{1,2})-(\d{2}|\d{4})$/.exec(s);
  if (m) {
    const month = MONTHS.indexOf(m[1]!.toLowerCase()) + 1;
    return month ? sydneyDay(fullYear(Number(m[3])), month, Number(m[2])) : null;
  }
  m = /^(\d{1,2})[- ]([A-Za-z]{3})[a-z]*[- ,]+(\d{2}|\d{4})$/.exec(s);
  if (m) {
    const month = MONTHS.indexOf(m[2]!.toLowerCase()) + 1;
    return month ? sydneyDay(fullYear(Number(m[3])), month, Number(m[1])) : null;
  }
  m = /^([A-Za-z]{3})[a-z]*\.? (\d{1,2}),? (\d{4})$/.exec(s);
  if (m) {
    const month = MONTHS.indexOf(m[1]!.toLowerCase()) + 1;
    return month ? sydneyDay(Number(m[3]), month, Number(m[2])) : null;
  }
  // Written out with a time ("27 Oct 2025 10:15:00 AEDT" and the like): the platform's reading.
  if (/[A-Za-z]{3}/.test(s) && /\d{4}/.test(s)) {
    const t = Date.parse(s.replace(/\b(AEST|AEDT)\b/, (z) => (z === 'AEDT' ? '+1100' : '+1000')));
    return Number.isNaN(t) ? null : new Date(t).toISOString();
  }
  return null;
}

type RawRow = Record<SalesFileColumn, string>;

function readRow(cells: readonly string[], mapping: ReadonlyMap<SalesFileColumn, number>): RawRow {
  const row = {} as RawRow;
  for (const column of SALES_FILE_COLUMNS) {
    const index = mapping.get(column);
    row[column] = index === undefined ? '' : (cells[index] ?? '').trim();
  }
  return row;
}

function validateRow(line: number, raw: RawRow): SalesRow | LineError {
  const fail = (reason: string): LineError => ({ line, reason });
  if (raw.orderNumber === '') return fail('Order number is missing');
  if (raw.orderNumber.length > 100) return fail('Order number is longer than 100 characters');
  const date = parseSaleDate(raw.date);
  if (date === null) return fail(`Date "${raw.date}" is not a date`);
  if (!/^\d+$/.test(raw.quantity)) return fail(`Quantity "${raw.quantity}" is not a whole number`);
  const quantity = Number(raw.quantity);
  if (quantity < 1 || quantity > 100_000) return fail(`Quantity ${quantity} must be from 1 to 100000`);
  const money: Partial<Record<'itemSubtotal' | 'postage' | 'feeFixed' | 'feeVariable', number>> = {};
  for (const column of ['itemSubtotal', 'postage', 'feeFixed', 'feeVariable'] as const) {
    const cents = parseAmountCents(raw[column]);
    if (cents === null) return fail(`${column} "${raw[column]}" is not an amount`);
    money[column] = column.startsWith('fee') ? Math.abs(cents) : cents;
  }
  if (money.itemSubtotal! < 0) return fail('itemSubtotal must not be negative');
  if (money.postage! < 0) return fail('postage must not be negative');
  const sku = raw.sku.trim();
  return {
    line,
    date,
    orderNumber: raw.orderNumber,
    buyerUsername: raw.buyerUsername,
    buyerName: raw.buyerName,
    deliveryCity: raw.deliveryCity,
    state: raw.state,
    postcode: raw.postcode,
    itemTitle: raw.itemTitle,
    sku: sku === '' || sku === '--' ? null : sku,
    quantity,
    itemSubtotal: money.itemSubtotal!,
    postage: money.postage!,
    feeFixed: money.feeFixed!,
    feeVariable: money.feeVariable!,
  };
}

/** Reads the file: the kept rows, how many were ignored, and the refused rows with their reasons. */
export function parseSalesFile(text: string): ParsedSalesFile {
  const { records, problems } = readCsv(text);
  let mapping: ReadonlyMap<SalesFileColumn, number> = FIXED_MAPPING;
  let sawHeader = false;
  const rows: SalesRow[] = [];
  const errors: LineError[] = [];
  let ignored = 0;
  for (const record of records) {
    if (!sawHeader && rows.length === 0 && errors.length === 0) {
      const header = headerMapping(record.cells);
      if (header) {
        mapping = header;
        sawHeader = true;
        ignored++;
        continue;
      }
    }
    const raw = readRow(record.cells, mapping);
    if (raw.type.toLowerCase() !== SALES_ROW_TYPE || raw.itemTitle === '') {
      ignored++;
      continue;
    }
    if (rows.length + errors.length >= SALES_FILE_MAX_ROWS)
      throw new SalesFileError(`The sales file has more than ${SALES_FILE_MAX_ROWS} sales; split it`);
    const result = validateRow(record.line, raw);
    if ('reason' in result) errors.push(result);
    else rows.push(result);
  }
  if (problems.length > 0) {
    errors.push(...problems);
    errors.sort((a, b) => a.line - b.line);
  }
  return { rows, ignored, errors };
}

export interface SalesFileOrder {
  orderNumber: string;
  rows: SalesRow[];
}

/**
 * The kept rows by order number, in file order; a second row of the same order with the same line
 * key (SKU, or title without one) is a duplicate of the first and is returned apart.
 */
export function groupSalesRows(rows: readonly SalesRow[]): { orders: SalesFileOrder[]; duplicates: SalesRow[] } {
  const orders = new Map<string, SalesFileOrder>();
  const keys = new Map<string, Set<string>>();
  const duplicates: SalesRow[] = [];
  for (const row of rows) {
    const key = saleLineKey(row.sku, row.itemTitle);
    const seen = keys.get(row.orderNumber) ?? new Set<string>();
    keys.set(row.orderNumber, seen);
    if (seen.has(key)) {
      duplicates.push(row);
      continue;
    }
    seen.add(key);
    const order = orders.get(row.orderNumber) ?? { orderNumber: row.orderNumber, rows: [] };
    orders.set(row.orderNumber, order);
    order.rows.push(row);
  }
  return { orders: [...orders.values()], duplicates };
}
