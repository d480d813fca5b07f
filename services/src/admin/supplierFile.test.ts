import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseStockFile } from './stockFile.ts';
import { supplierDate } from './supplierFile.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

describe('supplierDate', () => {
  it('reads US dates (a time after them ignored) and ISO dates', () => {
    expect(supplierDate('12/1/2026 12:00:00 AM')).toBe('2026-12-01');
    expect(supplierDate('01/20/2027')).toBe('2027-01-20');
    expect(supplierDate('2026-12-01')).toBe('2026-12-01');
    expect(supplierDate('')).toBeNull();
    expect(supplierDate('13/45/2026')).toBeUndefined();
    expect(supplierDate('next week')).toBeUndefined();
  });
});

describe("Lunar's product data file", () => {
  const parsed = parseStockFile(fixture('lunar-product-data.csv'), { format: 'lunar', quantity: 4 });

  it('reads each line with its dates, price, barcode and creators; a bad date or a missing price is an error on its line', () => {
    expect(parsed.format).toBe('lunar');
    expect(parsed.lines).toHaveLength(7);
    expect(parsed.lines[0]).toEqual({
      line: 2,
      comicId: '1026DC0101',
      description: 'BATMAN #160 CVR A JORGE JIMENEZ',
      priceCents: 499,
      publisher: 'DC Comics',
      quantity: 4,
      writer: 'Jeph Loeb',
      artist: 'Jorge Jimenez',
      coverArtist: '',
      supplierType: 'lunar',
      focDate: '2026-12-01',
      releaseDate: '2026-12-30',
      upc: '76194134182316011',
      ratio: null,
    });
    expect(parsed.lines[6]).toMatchObject({ comicId: '1026DC0301', upc: '9781779529718', releaseDate: '2027-01-27' });
    expect(parsed.skipped).toEqual([{ line: 1, reason: 'header line' }]);
    expect(parsed.errors).toEqual([
      { line: 9, reason: "FOC date '13/45/2026' is not a date like 12/1/2026" },
      { line: 10, reason: 'no price' },
    ]);
  });
});

describe("PRH's FOC title data", () => {
  const parsed = parseStockFile(fixture('prh-foc-title-data.csv'), { format: 'prh' });

  it('reads the identifier as the code, the ratio from OrderRequirement, and refuses a line without an identifier', () => {
    expect(parsed.lines.map((l) => l.comicId)).toEqual([
      '75960620839701211',
      '75960620839701221',
      '75960620839701231',
      '75960620944200111',
      '75960620944200121',
      '9781302962470',
      '75960620944200131',
    ]);
    expect(parsed.lines[2]).toMatchObject({ supplierType: 'prh', ratio: 50, coverArtist: 'Pepe Larraz', quantity: 10 });
    expect(parsed.lines[5]).toMatchObject({ upc: '9781302962470', releaseDate: '2027-01-20', priceCents: 1999 });
    expect(parsed.lines[6]).toMatchObject({ releaseDate: null, focDate: '2026-12-01' });
    expect(parsed.errors).toEqual([{ line: 9, reason: 'no comic id' }]);
  });

  it('says which columns it needs when the file has none of them', () => {
    const wrong = parseStockFile('Qty,Item Code,Description\n1,X,Y\n', { format: 'prh' });
    expect(wrong.lines).toEqual([]);
    expect(wrong.errors).toEqual([{ line: 1, reason: 'no header line with the columns MainIdentifier, Title, PriceUSD' }]);
  });
});
