/**
 * Item pages (issue 18): every stock item has a page at `/item/{_id}/{slug}`. The id is the stock
 * item's (comic ids repeat: graded copies of one issue); the slug is words for people and search
 * engines, and any slug finds the page (its canonical URL names the right one).
 */
import { conditionSummary, type Condition } from './condition.ts';

/** A slug is at most this many characters. */
const SLUG_MAX = 80;
const COMBINING_MARKS = /[\u0300-\u036f]/g;

/** A character as a slug writes it: an ASCII letter (lower case) or digit, else '' (it separates words). */
function slugCharOf(code: number): string {
  if ((code >= 97 && code <= 122) || (code >= 48 && code <= 57)) return String.fromCharCode(code);
  if (code >= 65 && code <= 90) return String.fromCharCode(code + 32);
  return '';
}

/**
 * "Amazing Spider-Man #300 (CGC NM/M 9.8)" -> "amazing-spider-man-300-cgc-nm-m-9-8": ASCII letters and
 * digits, dashes between, at most SLUG_MAX characters, accents dropped ("Pokémon" -> "pokemon").
 * One pass over the text (every item of every catalogue answer has a slug); the same as
 * `normalize('NFKD')`, dropping combining marks, lower case, runs of anything else to one dash,
 * trimmed, cut to SLUG_MAX and trimmed again (itemPage.test.ts compares the two).
 */
export function slugOf(text: string): string {
  let slug = '';
  let gap = false;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    const plain = code < 128 ? char : char.normalize('NFKD').replace(COMBINING_MARKS, '').toLowerCase();
    for (let i = 0; i < plain.length; i++) {
      const out = slugCharOf(plain.charCodeAt(i));
      if (out === '') {
        gap = true;
        continue;
      }
      if (gap && slug !== '') {
        if (slug.length + 1 >= SLUG_MAX) return slug;
        slug += '-';
      }
      gap = false;
      slug += out;
      if (slug.length >= SLUG_MAX) return slug;
    }
  }
  return slug || 'item';
}

export interface ItemPageSubject {
  stockItemId: string;
  mainDescription: string;
  variantDescription: string;
  condition: Condition | null | undefined;
}

/** The item's name with its grade when it has one: what the page's title and JSON-LD name say. */
export function itemPageName(item: Omit<ItemPageSubject, 'stockItemId'>): string {
  const variant = item.variantDescription.trim();
  const base = variant ? `${item.mainDescription} (${variant})` : item.mainDescription;
  const grade = conditionSummary(item.condition);
  return grade ? `${base} – ${grade}` : base;
}

/** `/item/{_id}/{slug}`: the item page's path. */
export function itemPath(item: ItemPageSubject): string {
  return `/item/${encodeURIComponent(item.stockItemId)}/${slugOf(itemPageName(item))}`;
}
