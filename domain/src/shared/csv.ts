/**
 * Reading CSV and tab-separated files (RFC 4180 quoting through csv-parse): double-quoted fields
 * with "" for a quote, separators and line breaks inside quotes, CRLF, LF or CR, a leading
 * byte-order mark, a quote inside an unquoted field kept as written (12" FIGURE), fields trimmed.
 * Each record carries the 1-based line it starts on, so errors can name it. A record the reader
 * cannot make sense of (a quote never closed, text after a closing quote) is a problem on its line,
 * and reading goes on from the next line.
 */
import { CsvError, parse } from 'csv-parse/sync';

export interface CsvRecord {
  line: number;
  cells: string[];
}

export interface CsvProblem {
  line: number;
  reason: string;
}

export interface CsvContents {
  /** Every record but blank lines (all cells empty). */
  records: CsvRecord[];
  problems: CsvProblem[];
}

const LINE_BREAK = /\r\n|\n|\r/g;

/** The offset in the text where each line starts. */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (const match of text.matchAll(LINE_BREAK)) starts.push(match.index + match[0].length);
  return starts;
}

function reasonOf(error: CsvError): string {
  if (error.code === 'CSV_QUOTE_NOT_CLOSED') return 'a quoted field starts here and is never closed';
  if (error.code === 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE' || error.code === 'CSV_INVALID_CLOSING_QUOTE') {
    return 'text follows a closing quote (inside quotes, write a quote as "")';
  }
  return error.message;
}

export function readCsv(text: string, options: { delimiter?: ',' | '\t' } = {}): CsvContents {
  const input = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const starts = lineStarts(input);
  const records: CsvRecord[] = [];
  const problems: CsvProblem[] = [];
  // Lines before `from` are read; the record after the last one read starts on line lastEnd + 1.
  let from = 1;
  while (from <= starts.length) {
    let lastEnd = from - 1;
    try {
      parse(input.slice(starts[from - 1]), {
        delimiter: options.delimiter ?? ',',
        record_delimiter: ['\r\n', '\n', '\r'],
        relax_column_count: true,
        relax_quotes: true,
        trim: true,
        skip_empty_lines: false,
        // The raw text, to count the lines a record spans (csv-parse counts a quoted CRLF as two).
        raw: true,
        // With `raw`, csv-parse hands on_record the record and its text, not the record its types say.
        on_record: (withRaw: unknown) => {
          const { record: cells, raw } = withRaw as { record: string[]; raw: string };
          if (cells.some((cell) => cell !== '')) records.push({ line: lastEnd + 1, cells });
          lastEnd += raw.match(LINE_BREAK)?.length ?? 0;
          return null;
        },
      });
      break;
    } catch (error) {
      if (!(error instanceof CsvError)) throw error;
      problems.push({ line: lastEnd + 1, reason: reasonOf(error) });
      from = lastEnd + 2;
    }
  }
  return { records, problems };
}
