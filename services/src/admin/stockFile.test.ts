import { describe, expect, it } from 'vitest';
import { detectFormat, parseCreators, parsePriceCents, parseStockFile } from './stockFile.ts';

describe('reading stock files', () => {
  it('splits CSV records with quotes', () => {
    const parsed = parseStockFile(
      ['2,NOV260001,"BATMAN #1, CVR A",4.99,DC Comics', '1,X1,"SAY ""HI""",1.00,P', ' 1 , X2 ,12" FIGURE, 2 , Q '].join('\n'),
    );
    expect(parsed.errors).toEqual([]);
    expect(parsed.lines.map((l) => [l.line, l.quantity, l.comicId, l.description, l.priceCents, l.publisher])).toEqual([
      [1, 2, 'NOV260001', 'BATMAN #1, CVR A', 499, 'DC Comics'],
      [2, 1, 'X1', 'SAY "HI"', 100, 'P'],
      [3, 1, 'X2', '12" FIGURE', 200, 'Q'],
    ]);
  });

  it('reads a quoted line break as part of the field and numbers the lines after it as the file does', () => {
    const csv = parseStockFile('1,A1,"BATMAN #1\nCVR A",1.00,DC\n2,A2,Y,2.00,Q\nbad');
    expect(csv.lines.map((l) => [l.line, l.comicId, l.description])).toEqual([
      [1, 'A1', 'BATMAN #1 CVR A'],
      [3, 'A2', 'Y'],
    ]);
    expect(csv.errors).toEqual([{ line: 4, reason: expect.stringMatching(/has 1 column;/) }]);
    const tsv = parseStockFile('A1\t"SAGA\r\n#70"\t3.99\tImage\t(W) BKV\r\nA2\tX\t1.00\tP');
    expect(tsv.lines.map((l) => [l.line, l.comicId, l.description, l.writer])).toEqual([
      [1, 'A1', 'SAGA #70', 'BKV'],
      [3, 'A2', 'X', ''],
    ]);
  });

  it('refuses a line whose quote is never closed by its line number', () => {
    const parsed = parseStockFile('1,A1,X,1.00,P\n1,A2,"open,1.00,P');
    expect(parsed.lines.map((l) => l.comicId)).toEqual(['A1']);
    expect(parsed.errors).toEqual([{ line: 2, reason: 'a quoted field starts here and is never closed' }]);
  });

  it('reads prices in dollars as cents ("price x 100") and refuses anything else', () => {
    expect(parsePriceCents('4.99')).toBe(499);
    expect(parsePriceCents('$4.99')).toBe(499);
    expect(parsePriceCents('4.5')).toBe(450);
    expect(parsePriceCents('12')).toBe(1200);
    expect(parsePriceCents('0.10')).toBe(10);
    for (const bad of ['', 'abc', '4.999', '-1.00', '1,000.00', '4.99 AUD', '1e3']) expect(parsePriceCents(bad)).toBeNull();
  });

  it('reads creators with their roles', () => {
    expect(parseCreators('(W) Ed Brubaker (A) Sean Phillips (CA) Jacob Phillips')).toEqual({
      writer: 'Ed Brubaker',
      artist: 'Sean Phillips',
      coverArtist: 'Jacob Phillips',
    });
    expect(parseCreators('(W/A/CA) Frank Miller')).toEqual({ writer: 'Frank Miller', artist: 'Frank Miller', coverArtist: 'Frank Miller' });
    expect(parseCreators('(W) A One, (W) B Two')).toEqual({ writer: 'A One, B Two', artist: '', coverArtist: '' });
    expect(parseCreators('Various')).toEqual({ writer: 'Various', artist: '', coverArtist: '' });
    expect(parseCreators('')).toEqual({ writer: '', artist: '', coverArtist: '' });
  });

  it('tells the formats apart by their separator', () => {
    expect(detectFormat(['1,A,B,1.00,P'])).toBe('diamond-csv');
    expect(detectFormat(['A\tB\t1.00\tP'])).toBe('stock-tsv');
    expect(detectFormat(['', 'A\tB, the sequel\t1.00\tP'])).toBe('stock-tsv');
  });

  it('numbers lines as the file does (blank lines and CRLF included)', () => {
    const parsed = parseStockFile('\uFEFF1,A1,X,1.00,P\r\n\r\nbad\r\n2,A2,Y,2.00,Q');
    expect(parsed.lines.map((l) => [l.line, l.comicId, l.quantity, l.priceCents])).toEqual([
      [1, 'A1', 1, 100],
      [4, 'A2', 2, 200],
    ]);
    expect(parsed.errors).toEqual([{ line: 3, reason: expect.stringMatching(/has 1 column;/) }]);
  });

  it('refuses a price of 0, a quantity with decimals, and an id that is not a file name', () => {
    const parsed = parseStockFile('1,A1,X,0.00,P\n1.5,A2,X,1.00,P\n1,A 3,X,1.00,P');
    expect(parsed.lines).toEqual([]);
    expect(parsed.errors.map((e) => e.reason)).toEqual([
      'price is 0.00',
      "quantity '1.5' is not a whole number",
      expect.stringMatching(/comic id 'A 3'/),
    ]);
  });
});
