import { SUGGESTED_SEARCH_TERMS } from '@shop/domain/catalogue/knownLists';
import { appendSearchTerm as appendCleanTerm, nextSearchHistory } from '@shop/domain/orders/orderState';

export const COMMON_SEARCHES = ['Marvel', 'Image Comics', 'DC Comics', 'Spider-Man', 'Batman', 'X-Men'] as const;

/** "1 result", "357 results", "1,204 results"; nothing for none (the screen says nothing matched). */
export function resultCountText(total: number): string {
  if (total <= 0) return '';
  return total === 1 ? '1 result' : `${total.toLocaleString('en-AU')} results`;
}

export function normaliseTerm(term: string): string {
  return term.trim().replace(/\s+/g, ' ');
}

/** The order's searchHistory after a search, as the server keeps it (the 5 most recent distinct terms, newest first). */
export function addToHistory(history: readonly string[] | null | undefined, term: string): string[] {
  const clean = normaliseTerm(term);
  return clean ? nextSearchHistory(history ?? [], clean) : [...(history ?? [])];
}

/** The order's searchTerms after a non-admin search, as the server keeps them (appended after ' | ', bounded). */
export function appendSearchTerm(searchTerms: string | null | undefined, term: string): string {
  const clean = normaliseTerm(term);
  return clean ? appendCleanTerm(searchTerms ?? '', clean) : (searchTerms ?? '');
}

/** Suggested search terms for the preview popup: the domain's fixed list of character and series names. */
export const SUGGESTED_TERMS = SUGGESTED_SEARCH_TERMS;

/** The suggested terms that appear in a text (e.g. the item's title), in list order. */
export function suggestedTermsFor(text: string): string[] {
  const haystack = text.toLowerCase();
  return SUGGESTED_TERMS.filter((term) => haystack.includes(term.toLowerCase()));
}

/** The orders a search can be shown in (the API's `sort`), with their labels; relevance is the default. */
export const SEARCH_SORTS = [
  ['relevance', 'Relevance'],
  ['newest', 'Newest'],
  ['price-asc', 'Price low–high'],
  ['price-desc', 'Price high–low'],
  ['grade-desc', 'Best grade first'],
] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number][0];

/** A `sort` from the address bar: one of SEARCH_SORTS, else relevance. */
export function parseSearchSort(value: string | null | undefined): SearchSort {
  return SEARCH_SORTS.find(([key]) => key === value)?.[0] ?? 'relevance';
}

/** Slabs only ('true'), no slabs ('false') or any (''): the API's `graded`, from the address bar. */
export type GradedFilter = '' | 'true' | 'false';
export function parseGradedFilter(value: string | null | undefined): GradedFilter {
  return value === 'true' || value === 'false' ? value : '';
}

/** A minimum grade from the address bar: one of the scale's steps as text, else '' (any). */
export function parseGradeMin(value: string | null | undefined, grades: readonly number[]): string {
  return grades.some((g) => String(g) === value) ? (value ?? '') : '';
}

/** A `publisher` from the address bar: one of the offered publishers (any case, as offered), else '' (any). */
export function parseSearchPublisher(value: string | null | undefined, offered: readonly string[]): string {
  const wanted = (value ?? '').trim().toLowerCase();
  return offered.find((p) => p.toLowerCase() === wanted) ?? '';
}
