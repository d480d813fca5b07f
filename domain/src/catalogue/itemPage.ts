/**
 * Item pages (issue 18): every stock item has a page at `/item/{_id}/{slug}`. The id is the stock
 * item's (comic ids repeat: graded copies of one issue); the slug is words for people and search
 * engines, and any slug finds the page (its canonical URL names the right one).
 */
import { conditionSummary, type Condition } from './condition.ts';

/** "Amazing Spider-Man #300 (CGC NM/M 9.8)" -> "amazing-spider-man-300-cgc-nm-m-9-8": ASCII letters and digits, dashes between. */
export function slugOf(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '');
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
