/**
 * A small RFC 4180 CSV reader: commas, double-quoted fields with "" for a quote, line breaks inside
 * quotes, CRLF or LF, a leading byte-order mark. Each record carries the (1-based) line it starts on,
 * so errors can name it.
 */
export interface CsvRecord {
  line: number;
  cells: string[];
}

export function parseCsv(text: string): CsvRecord[] {
  const input = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  let fieldStarted = false;

  const endCell = () => {
    cells.push(cell);
    cell = '';
    fieldStarted = false;
  };
  const endRecord = () => {
    endCell();
    // A blank line is no record.
    if (!(cells.length === 1 && cells[0]!.trim() === '')) records.push({ line: recordLine, cells });
    cells = [];
  };

  for (let i = 0; i < input.length; i++) {
    const ch = input[i]!;
    if (quoted) {
      if (ch === '"') {
        if (input[i + 1] === '"') {
          cell += '"';
          i++;
        } else {
          quoted = false;
        }
      } else {
        if (ch === '\n') line++;
        cell += ch;
      }
      continue;
    }
    if (ch === '"' && !fieldStarted) {
      quoted = true;
      fieldStarted = true;
    } else if (ch === ',') {
      endCell();
    } else if (ch === '\r' || ch === '\n') {
      if (ch === '\r' && input[i + 1] === '\n') i++;
      endRecord();
      line++;
      recordLine = line;
    } else {
      cell += ch;
      if (ch !== ' ' && ch !== '\t') fieldStarted = true;
    }
  }
  if (cell !== '' || cells.length > 0) endRecord();
  return records;
}
