/**
 * What an import records about an item's issue, from its supplier title: the parsed series (only
 * when the title reads as a comic issue, annual, one-shot or collected edition: a title without an
 * issue number or an edition word, such as a toy or a poster, gets no series), issue number, cover
 * and printing.
 */
import { parseSupplierTitle, type ParsedTitle } from './supplierTitle.ts';

export interface IssueOfTitle {
  /** The series title to find or start; null when the title names no series. */
  seriesTitle: string | null;
  issueNumber: string;
  cover: string;
  printing: number;
}

export function seriesTitleOf(parsed: ParsedTitle): string | null {
  const named = parsed.issueNumber !== '' || parsed.kind !== 'issue';
  return named && parsed.seriesTitle !== '' ? parsed.seriesTitle : null;
}

export function issueOfTitle(title: string): IssueOfTitle {
  const parsed = parseSupplierTitle(title);
  return { seriesTitle: seriesTitleOf(parsed), issueNumber: parsed.issueNumber, cover: parsed.cover, printing: parsed.printing };
}
