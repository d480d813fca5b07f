/**
 * Covers of an issue. A stock item's `cover` is a short code:
 * - '' or 'A': the main (regular, first-listed) cover; Marvel-style files give the main cover no letter;
 * - 'B', 'C', ...: other regular covers, lettered by the publisher;
 * - 'VAR': a regular variant the file gives no letter (artist, foil, blank, virgin covers);
 * - '1:25', '1:50', ...: a ratio incentive cover (a shop may order one per 25 regular copies).
 * Pull lists: 'all' covers means every regular cover (never ratio covers); 'main' the main cover.
 */

export const VARIANT_COVER = 'VAR';

/** Covers a pull-list subscription asks for. */
export type CoverChoice = 'all' | 'main';

/** "cvr b" → "B", "1 in 25" → "1:25", "Variant" → "VAR": the stored spelling of a cover. */
export function normaliseCover(text: string): string {
  const upper = text.trim().toUpperCase().replace(/\s+/g, ' ');
  if (upper === '') return '';
  const ratio = /^(?:INCV?|INCENTIVE|RATIO)?\s*1\s*(?::|IN|PER)\s*(\d{1,4})\b/.exec(upper);
  if (ratio) return `1:${Number(ratio[1])}`;
  const lettered = /^(?:CVR|COVER)\s+([A-Z]{1,2})$/.exec(upper);
  if (lettered) return lettered[1]!;
  if (/^(?:VAR|VARIANT)$/.test(upper)) return VARIANT_COVER;
  return upper;
}

/** 25 for '1:25'; null for a regular cover. */
export function coverRatio(cover: string): number | null {
  const match = /^1:(\d{1,4})$/.exec(normaliseCover(cover));
  if (!match) return null;
  const ratio = Number(match[1]);
  return ratio > 1 ? ratio : null;
}

/** A ratio incentive cover ('1:25'), as opposed to a regular cover. */
export function isRatioCover(cover: string): boolean {
  return coverRatio(cover) !== null;
}

/** '' or 'A': the cover a shop shelves by default. */
export function isMainCover(cover: string): boolean {
  const code = normaliseCover(cover);
  return code === '' || code === 'A';
}

/**
 * The main cover among an issue's covers: '' or 'A' when there is one, else the first regular
 * lettered cover (an issue listed only from 'B' on), else the first regular cover; null when the
 * issue has only ratio covers.
 */
export function mainCoverOf(covers: readonly string[]): string | null {
  const regular = covers.map(normaliseCover).filter((c) => !isRatioCover(c));
  if (regular.length === 0) return null;
  const main = regular.find((c) => c === '' || c === 'A');
  if (main !== undefined) return main;
  const lettered = regular.filter((c) => /^[A-Z]{1,2}$/.test(c) && c !== VARIANT_COVER).sort();
  return lettered[0] ?? regular[0]!;
}

/** Which of an issue's covers a subscription wants: 'all' every regular cover, 'main' its main cover. */
export function coversWanted(covers: readonly string[], choice: CoverChoice): string[] {
  const codes = covers.map(normaliseCover);
  if (choice === 'all') return codes.filter((c) => !isRatioCover(c));
  const main = mainCoverOf(codes);
  return main === null ? [] : [main];
}
