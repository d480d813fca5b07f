/**
 * When a stock item answers a want (issue 18): the one rule, pure, so every kind of want (an item's
 * "Notify me", a title and issue number, a series and issue number) is matched in one place.
 */
import type { Want } from './wantList.ts';

/** A stock item as the matching rule sees it. */
export interface WantItem {
  stockItemId: string;
  /** The item's title (mainDescription), e.g. "Amazing Spider-Man #300". */
  title: string;
  /** The item's series and issue number, once stock items carry them (else null: read from the title). */
  seriesId: string | null;
  issueNumber: string | null;
  /** The item's grade on the 10-point scale, or null without a condition. */
  grade: number | null;
}

/** Letters and digits only, lower case, accents folded: "The Amazing Spider-Man" ~ "amazing spiderman". */
export function titleKey(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/^the\s+/, '')
    .replace(/[^a-z0-9]+/g, '');
}

/** "001" ~ "1", "1A" ~ "1a": an issue number as wants compare it. */
export function issueKey(issueNumber: string): string {
  const trimmed = issueNumber.trim().toLowerCase().replace(/^#/, '');
  return trimmed.replace(/^0+(?=\d)/, '');
}

/**
 * An item title's series title and issue number: "Amazing Spider-Man #300 (Cover A)" ->
 * { title: "Amazing Spider-Man", issueNumber: "300" }; no "#" -> the whole title, no number.
 */
export function titleAndIssue(title: string): { title: string; issueNumber: string | null } {
  const match = /^(.*?)\s*#\s*([0-9]+(?:\.[0-9]+)?[a-z]?|½|1\/2)\b/i.exec(title);
  if (!match) return { title: title.trim(), issueNumber: null };
  return { title: match[1]!.trim(), issueNumber: match[2]! };
}

/** The item's issue number: its own field when it has one, else read from its title. */
function itemIssue(item: WantItem): string | null {
  return item.issueNumber ?? titleAndIssue(item.title).issueNumber;
}

function gradeAtLeast(item: WantItem, gradeMin: number | null | undefined): boolean {
  if (gradeMin === null || gradeMin === undefined) return true;
  return item.grade !== null && item.grade >= gradeMin;
}

/**
 * Does `item` answer `want`? A "Notify me" want is that one item. A series want is the item of that
 * series with that issue number; a title want, the item whose title (before its "#") is that title,
 * with that issue number. A minimum grade leaves out items graded lower and items without a grade.
 */
export function wantMatches(want: Want, item: WantItem): boolean {
  if (want.stockId) return want.stockId === item.stockItemId;
  if (!want.issueNumber) return false;
  const issue = itemIssue(item);
  if (issue === null || issueKey(issue) !== issueKey(want.issueNumber)) return false;
  if (want.seriesId) {
    if (item.seriesId !== want.seriesId) return false;
  } else if (want.title) {
    if (titleKey(titleAndIssue(item.title).title) !== titleKey(want.title)) return false;
  } else {
    return false;
  }
  return gradeAtLeast(item, want.gradeMin);
}
