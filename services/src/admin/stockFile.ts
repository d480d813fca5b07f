/**
 * Reading a stock file (admin §5, "Diamond upload" and "Stock-file import"). Two formats, told
 * apart by their separator:
 *
 * Diamond CSV (comma-separated): quantity, comic id, description, price, publisher[, anything else]
 *   2,NOV260001,"BATMAN #1 CVR A",4.99,DC Comics
 * A line is used only if it has more than 3 columns, a numeric quantity, a comic id, description,
 * price and publisher, and the id is not the credit line REVCREDIT.
 *
 * Stock file (tab-separated): id, description, price, publisher, creators
 *   NOV260002<TAB>SAGA #70<TAB>3.99<TAB>Image Comics<TAB>(W) Brian K Vaughan (A/CA) Fiona Staples
 * Lines with the header id marker (DIAMD_NO...) or 'Please Do Not Order From This Line' are
 * skipped; every line gets the upload's quantity (default 10).
 *
 * Both are read as RFC 4180 records (a quoted field may hold the separator or a line break); a line
 * is numbered as the file numbers it. Prices are dollars, multiplied by 100 to give cents. Pure: no I/O.
 */
import { imageIdSchema, MAX_PRICE_CENTS, MAX_QUANTITY } from '@shop/domain/catalogue/index';
import { readCsv, type CsvRecord } from '@shop/domain/shared/csv';

import { readSupplierFile } from './supplierFile.ts';

/** The Diamond CSV, the tab-separated stock file, and Lunar's and PRH's product data files (supplierFile.ts). */
export type StockFileFormat = 'diamond-csv' | 'stock-tsv' | 'lunar' | 'prh';

export interface StockFileLine {
  /** 1-based line number in the file. */
  line: number;
  comicId: string;
  description: string;
  /** The supplier's price (srp), cents. */
  priceCents: number;
  publisher: string;
  quantity: number;
  writer: string;
  artist: string;
  coverArtist: string;
  /** Lunar and PRH lines: the distributor, dates ('YYYY-MM-DD' or null), barcode and a ratio incentive's ratio. */
  supplierType?: 'lunar' | 'prh';
  focDate?: string | null;
  releaseDate?: string | null;
  upc?: string;
  ratio?: number | null;
}

export interface LineProblem {
  line: number;
  reason: string;
}

export interface ParsedStockFile {
  format: StockFileFormat;
  /** Lines with everything a stock item needs. */
  lines: StockFileLine[];
  /** Malformed lines, with the rule each broke. */
  errors: LineProblem[];
  /** Lines the rules say to pass over (headers, the credit line, 'do not order' lines). */
  skipped: LineProblem[];
}

/** "the id is not the credit line 'REVCREDIT'". */
export const CREDIT_LINE_ID = 'REVCREDIT';
export const DO_NOT_ORDER_MARKER = 'Please Do Not Order From This Line';
/** The first column of a stock file's header line (Diamond's data files start with DIAMD_NO). */
export const HEADER_ID_MARKERS = [
  'DIAMD_NO',
  'DIAMOND_NO',
  'DIAMOND NO',
  'DIAMOND #',
  'ITEM_CODE',
  'ITEMCODE',
  'ITEM CODE',
  'STOCK_NO',
  'ID',
];
/** "Default upload batch quantity 10": the copies of each stock-file line. */
export const DEFAULT_UPLOAD_QUANTITY = 10;
/** Longest file read (lines). */
export const MAX_STOCK_FILE_LINES = 100_000;
const MAX_DESCRIPTION = 200;
const MAX_PUBLISHER = 100;
const MAX_CREATOR = 200;

/** Tabs on most of the first lines: the tab-separated stock file; otherwise the Diamond CSV. */
export function detectFormat(lines: readonly string[]): StockFileFormat {
  const sample = lines.filter((l) => l.trim() !== '').slice(0, 50);
  const tabbed = sample.filter((l) => l.includes('\t')).length;
  return tabbed > 0 && tabbed * 2 >= sample.length ? 'stock-tsv' : 'diamond-csv';
}

/** Dollars as text ('4.99', '$4.99', '4', '4.5') to cents, or null when it is not a price. */
export function parsePriceCents(text: string): number | null {
  const match = /^\$?\s*(\d{1,7})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/**
 * Creators as Diamond writes them: '(W) Ed Brubaker (A) Sean Phillips (CA) Jacob Phillips', with
 * combined roles '(A/CA)' or '(W/A/CA)'. Text without roles is taken as the writer.
 */
export function parseCreators(text: string): { writer: string; artist: string; coverArtist: string } {
  const out = { writer: '', artist: '', coverArtist: '' };
  const clean = text.trim();
  const roles = [...clean.matchAll(/\(([A-Z/ ]{1,12})\)\s*([^()]*)/gi)];
  if (roles.length === 0) return { ...out, writer: clean.slice(0, MAX_CREATOR) };
  const add = (key: keyof typeof out, name: string) => {
    if (!name) return;
    out[key] = (out[key] ? `${out[key]}, ${name}` : name).slice(0, MAX_CREATOR);
  };
  for (const [, role, name] of roles) {
    const parts = role!
      .toUpperCase()
      .split('/')
      .map((p) => p.trim());
    const who = name!.trim().replace(/[,;]$/, '').trim();
    if (parts.includes('W')) add('writer', who);
    if (parts.includes('A')) add('artist', who);
    if (parts.includes('CA')) add('coverArtist', who);
  }
  return out;
}

export function checkCommon(
  line: number,
  raw: { comicId: string; description: string; price: string; publisher: string },
  errors: LineProblem[],
): { comicId: string; description: string; priceCents: number; publisher: string } | null {
  const fail = (reason: string) => {
    errors.push({ line, reason });
    return null;
  };
  if (!raw.comicId) return fail('no comic id');
  const id = imageIdSchema.safeParse(raw.comicId);
  if (!id.success) return fail(`comic id '${raw.comicId.slice(0, 40)}': ${id.error.issues[0]?.message ?? 'not valid'}`);
  if (!raw.description) return fail('no description');
  if (raw.description.length > MAX_DESCRIPTION) return fail(`description is longer than ${MAX_DESCRIPTION} characters`);
  if (!raw.price) return fail('no price');
  const priceCents = parsePriceCents(raw.price);
  if (priceCents === null) return fail(`price '${raw.price.slice(0, 20)}' is not an amount in dollars like 4.99`);
  if (priceCents === 0) return fail('price is 0.00');
  if (priceCents > MAX_PRICE_CENTS) return fail(`price ${raw.price} is more than $${MAX_PRICE_CENTS / 100}`);
  if (!raw.publisher) return fail('no publisher');
  if (raw.publisher.length > MAX_PUBLISHER) return fail(`publisher is longer than ${MAX_PUBLISHER} characters`);
  return { comicId: id.data, description: raw.description.replace(/\s+/g, ' '), priceCents, publisher: raw.publisher.replace(/\s+/g, ' ') };
}

function readDiamondCsv(records: readonly CsvRecord[], lines: StockFileLine[], errors: LineProblem[], skipped: LineProblem[]): void {
  records.forEach(({ line, cells: fields }, index) => {
    const first = index === 0;
    const [quantityText = '', comicId = '', description = '', price = '', publisher = ''] = fields;
    if (comicId.toUpperCase() === CREDIT_LINE_ID) return void skipped.push({ line, reason: `credit line ${CREDIT_LINE_ID}` });
    if (first && /^(qty|quantity|qty\.|units|count)$/i.test(quantityText)) return void skipped.push({ line, reason: 'header line' });
    if (fields.length <= 3) {
      return void errors.push({
        line,
        reason: `has ${fields.length} column${fields.length === 1 ? '' : 's'}; a Diamond line needs quantity, comic id, description, price, publisher`,
      });
    }
    if (!/^\d+$/.test(quantityText))
      return void errors.push({
        line,
        reason: quantityText ? `quantity '${quantityText.slice(0, 20)}' is not a whole number` : 'no quantity',
      });
    const quantity = Number(quantityText);
    if (quantity > MAX_QUANTITY) return void errors.push({ line, reason: `quantity ${quantity} is more than ${MAX_QUANTITY}` });
    const common = checkCommon(line, { comicId, description, price, publisher }, errors);
    if (common) lines.push({ line, ...common, quantity, writer: '', artist: '', coverArtist: '' });
  });
}

function readStockTsv(
  records: readonly CsvRecord[],
  quantity: number,
  lines: StockFileLine[],
  errors: LineProblem[],
  skipped: LineProblem[],
): void {
  const markers = new Set(HEADER_ID_MARKERS);
  const doNotOrder = DO_NOT_ORDER_MARKER.toLowerCase();
  records.forEach(({ line, cells: fields }) => {
    const text = fields.join('\t');
    const [comicId = '', description = '', price = '', publisher = '', creators = ''] = fields;
    if (markers.has(comicId.toUpperCase())) return void skipped.push({ line, reason: 'header line' });
    if (text.toLowerCase().includes(doNotOrder)) return void skipped.push({ line, reason: DO_NOT_ORDER_MARKER });
    if (comicId.toUpperCase() === CREDIT_LINE_ID) return void skipped.push({ line, reason: `credit line ${CREDIT_LINE_ID}` });
    if (fields.length < 4) {
      return void errors.push({
        line,
        reason: `has ${fields.length} column${fields.length === 1 ? '' : 's'}; a stock-file line needs id, description, price, publisher (and creators)`,
      });
    }
    const common = checkCommon(line, { comicId, description, price, publisher }, errors);
    if (common) lines.push({ line, ...common, quantity, ...parseCreators(creators) });
  });
}

export class StockFileError extends Error {}

/**
 * Reads a stock file: the format named, else the Diamond CSV or the stock file told apart by their
 * separator. Throws StockFileError when it is not a text file at all.
 */
export function parseStockFile(text: string, options: { quantity?: number; format?: StockFileFormat } = {}): ParsedStockFile {
  if (text.includes('\u0000')) throw new StockFileError('This is not a text file: upload the Diamond CSV or the tab-separated stock file');
  const textLines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  if (textLines.length > MAX_STOCK_FILE_LINES)
    throw new StockFileError(`The file has ${textLines.length} lines; at most ${MAX_STOCK_FILE_LINES} are read at once`);
  const separated = detectFormat(textLines);
  const format = options.format ?? separated;
  const tabbed = format === 'stock-tsv' || (format !== 'diamond-csv' && separated === 'stock-tsv');
  const { records, problems } = readCsv(text, { delimiter: tabbed ? '\t' : ',' });
  const lines: StockFileLine[] = [];
  const errors: LineProblem[] = [...problems];
  const skipped: LineProblem[] = [];
  const quantity = options.quantity ?? DEFAULT_UPLOAD_QUANTITY;
  if (format === 'lunar' || format === 'prh') readSupplierFile(format, records, quantity, lines, errors, skipped);
  else if (format === 'stock-tsv') readStockTsv(records, quantity, lines, errors, skipped);
  else readDiamondCsv(records, lines, errors, skipped);
  if (problems.length > 0) errors.sort((a, b) => a.line - b.line);
  return { format, lines, errors, skipped };
}
