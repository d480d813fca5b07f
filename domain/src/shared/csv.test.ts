import { describe, expect, it } from 'vitest';
import { readCsv } from './csv.ts';

describe('reading CSV', () => {
  it('reads quotes, escaped quotes, commas and line breaks inside quotes, CRLF and a BOM, with line numbers', () => {
    const text = '\uFEFFa,"b, c","say ""hi"""\r\n\r\n"multi\nline",x\n  "spaced" ,12" FIGURE\n';
    expect(readCsv(text)).toEqual({
      records: [
        { line: 1, cells: ['a', 'b, c', 'say "hi"'] },
        { line: 3, cells: ['multi\nline', 'x'] },
        { line: 5, cells: ['spaced', '12" FIGURE'] },
      ],
      problems: [],
    });
  });

  it('names the line of a record it cannot read and reads on from the next line', () => {
    expect(readCsv('a,b\nc,"quoted"after\nd,e\n"open,x\nf\n')).toEqual({
      records: [
        { line: 1, cells: ['a', 'b'] },
        { line: 3, cells: ['d', 'e'] },
        { line: 5, cells: ['f'] },
      ],
      problems: [
        { line: 2, reason: 'text follows a closing quote (inside quotes, write a quote as "")' },
        { line: 4, reason: 'a quoted field starts here and is never closed' },
      ],
    });
  });

  it('reads tab-separated records', () => {
    expect(readCsv('A\t"B\tC"\t1\r\nD\tE', { delimiter: '\t' }).records).toEqual([
      { line: 1, cells: ['A', 'B\tC', '1'] },
      { line: 2, cells: ['D', 'E'] },
    ]);
  });
});
