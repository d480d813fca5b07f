import type { SeriesView } from '@shop/domain/contract/series';

/** "Marvel · 12 issues": the line under a series' name. */
export function seriesFacts(series: Pick<SeriesView, 'publisher' | 'issueCount'>): string {
  const issues = series.issueCount === 1 ? '1 issue' : `${series.issueCount.toLocaleString('en-AU')} issues`;
  return [series.publisher, issues].filter(Boolean).join(' · ');
}
