/**
 * From what an add-stock, an edit or an import says about a series (an id, or a title) to the
 * series an item is put in. An unknown title starts a series, on an id derived from the title
 * (seriesIdFor), so the same title started twice (a re-run import, two imports at once) is one series.
 */
import { seriesDecider, seriesIdFor, seriesKey, type ExistingSeries } from '@shop/domain/series/index';
import type { SeriesRef } from '@shop/domain/catalogue/index';
import type { EventMetadata } from '@shop/domain/shared/events';
import type { Deps } from '../deps/deps.ts';
import { handle } from '../commands/handle.ts';
import { liveSeries, seriesStream } from './seriesStreams.ts';

type Ctx = Pick<Deps, 'store' | 'ids' | 'db'>;

/** What a request says about an item's series: `seriesId` wins over `seriesTitle` when both are sent. */
export interface SeriesChoice {
  seriesId?: string | null;
  seriesTitle?: string;
}

/** A series to start when its title is not known: the item's publisher, no volume. */
export interface SeriesDefaults {
  publisher: string;
  volume?: number | null;
}

const refOf = (series: ExistingSeries): SeriesRef => ({ seriesId: series.seriesId, title: series.series.title });

/** The live series whose title matches (same key), preferring the same publisher, then the newest volume. */
async function findByTitle(ctx: Ctx, title: string, publisher: string): Promise<string | null> {
  const rows = await ctx.db
    .selectFrom('series')
    .select(['series_id', 'publisher', 'volume'])
    .where('title_key', '=', seriesKey(title))
    .where('merged_into', 'is', null)
    .execute();
  if (rows.length === 0) return null;
  const samePublisher = (p: string) => p.trim().toLowerCase() === publisher.trim().toLowerCase();
  rows.sort(
    (a, b) =>
      Number(samePublisher(b.publisher)) - Number(samePublisher(a.publisher)) ||
      (b.volume ?? 0) - (a.volume ?? 0) ||
      a.series_id.localeCompare(b.series_id),
  );
  return rows[0]!.series_id;
}

/** The series titled `title`: found in the read model, or started (or found on its derived id). */
export async function seriesForTitle(ctx: Ctx, title: string, defaults: SeriesDefaults, metadata: EventMetadata): Promise<SeriesRef> {
  const found = await findByTitle(ctx, title, defaults.publisher);
  if (found) return refOf(await liveSeries(ctx, found));
  const key = seriesKey(title);
  for (let attempt = 1; ; attempt++) {
    const seriesId = seriesIdFor(title, attempt);
    const { state } = await handle(
      ctx,
      seriesDecider,
      seriesStream(seriesId),
      { type: 'StartSeries', data: { seriesId, series: { title, publisher: defaults.publisher, volume: defaults.volume ?? null } } },
      metadata,
    );
    if (state.status === 'absent') continue;
    // Started now, or started before under this title (a re-run, a race, the projector behind).
    if (seriesKey(state.series.title) === key) return refOf(await liveSeries(ctx, seriesId));
    // The id went to a series since renamed: a merged one leads on to where its issues went.
    if (state.status === 'merged') {
      const live = await liveSeries(ctx, seriesId);
      if (seriesKey(live.series.title) === key) return refOf(live);
    }
  }
}

/**
 * The series a request names: undefined when it names none (an edit leaving the series alone), null
 * for "no series" (a null seriesId or an empty title), else the live series (404 for an unknown id).
 */
export async function resolveSeriesChoice(
  ctx: Ctx,
  choice: SeriesChoice,
  defaults: SeriesDefaults,
  metadata: EventMetadata,
): Promise<SeriesRef | null | undefined> {
  if (choice.seriesId) return refOf(await liveSeries(ctx, choice.seriesId));
  const title = choice.seriesTitle?.trim();
  if (title) return seriesForTitle(ctx, title, defaults, metadata);
  if (choice.seriesId === null || choice.seriesTitle !== undefined) return null;
  return undefined;
}
