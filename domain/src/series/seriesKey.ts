/**
 * How series titles are compared and how a series started from a title gets its id.
 * "The Amazing Spider-Man", "AMAZING SPIDER-MAN" and "Amazing Spiderman" are one key.
 */

/** Lower case, '&' read as 'and', a leading 'the' dropped, letters and digits only (accents folded). */
export function seriesKey(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/^\s*the\s+/, '')
    .replace(/[^a-z0-9]+/g, '');
}

const MAX_SLUG = 56;

/**
 * The id tried for a series started from `title`: its words as a slug ("amazing-spider-man"),
 * then "-2", "-3", ... for `attempt` 2, 3, ... (a title whose first id went to a renamed series).
 * Deterministic, so two imports starting one title write one stream.
 */
export function seriesIdFor(title: string, attempt = 1): string {
  const slug =
    title
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/&/g, ' and ')
      .replace(/^\s*the\s+/, '')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, MAX_SLUG)
      .replace(/-+$/, '') || 'series';
  return attempt > 1 ? `${slug}-${attempt}` : slug;
}
