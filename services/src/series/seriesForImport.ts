/**
 * The series of an import's lines, many at once: the titles the read model knows in one query, the
 * others started in bulk (appendNewStreams, on their derived ids: a re-run adds nothing), and the few
 * whose derived id went to another series since renamed through the one-at-a-time path.
 */
import { seriesDecider, seriesIdFor, seriesKey } from '@shop/domain/series/index';
import type { SeriesRef } from '@shop/domain/catalogue/index';
import type { EventMetadata } from '@shop/domain/shared/events';
import type { Deps } from '../deps/deps.ts';
import { appendNewStreams, type NewStream } from '../admin/bulkAppend.ts';
import { seriesForTitle } from './resolveSeries.ts';
import { seriesStream } from './seriesStreams.ts';

export interface ImportedSeriesTitle {
  title: string;
  publisher: string;
}

/** seriesKey(title) → the series each distinct title of the import goes to. */
export async function seriesForImport(
  ctx: Deps,
  titles: readonly ImportedSeriesTitle[],
  metadata: EventMetadata,
): Promise<Map<string, SeriesRef>> {
  const wanted = new Map<string, ImportedSeriesTitle>();
  for (const t of titles) {
    const key = seriesKey(t.title);
    if (key && !wanted.has(key)) wanted.set(key, t);
  }
  const found = new Map<string, SeriesRef>();
  if (wanted.size === 0) return found;
  const rows = await ctx.db
    .selectFrom('series')
    .select(['series_id', 'title', 'title_key', 'publisher', 'volume'])
    .where('title_key', 'in', [...wanted.keys()])
    .where('merged_into', 'is', null)
    .orderBy('volume', 'desc')
    .orderBy('series_id')
    .execute();
  for (const row of rows) {
    const current = found.get(row.title_key);
    const samePublisher = row.publisher.toLowerCase() === wanted.get(row.title_key)!.publisher.toLowerCase();
    if (!current || samePublisher) found.set(row.title_key, { seriesId: row.series_id, title: row.title });
    if (samePublisher) wanted.set(row.title_key, { ...wanted.get(row.title_key)!, publisher: row.publisher });
  }
  const missing = [...wanted].filter(([key]) => !found.has(key));
  const streams: NewStream[] = missing.map(([, t]) => {
    const seriesId = seriesIdFor(t.title);
    const events = seriesDecider.decide(
      { type: 'StartSeries', data: { seriesId, series: { title: t.title, publisher: t.publisher, volume: null } } },
      seriesDecider.initialState(),
    );
    return { streamId: seriesStream(seriesId), events };
  });
  const appended = await appendNewStreams(ctx, seriesDecider.streamType, dedupe(streams), metadata);
  const created = new Set(appended.created);
  for (const [key, t] of missing) {
    const seriesId = seriesIdFor(t.title);
    found.set(key, created.has(seriesStream(seriesId)) ? { seriesId, title: t.title } : await seriesForTitle(ctx, t.title, t, metadata));
  }
  return found;
}

/** Two titles with different keys can share a derived id when it is cut at its length limit: the first one starts it. */
function dedupe(streams: NewStream[]): NewStream[] {
  const seen = new Set<string>();
  return streams.filter((s) => (seen.has(s.streamId) ? false : (seen.add(s.streamId), true)));
}
