import { seriesDecider, SERIES_NOT_FOUND, type ExistingSeries, type SeriesState } from '@shop/domain/series/index';
import { DomainError } from '@shop/domain/shared/decider';
import type { Deps } from '../deps/deps.ts';
import { loadStream, type LoadedStream } from '../commands/loadStream.ts';
import { streamId } from '../eventstore/streamIds.ts';

/** `series-{seriesId}`. */
export const seriesStream = (seriesId: string) => streamId('series', seriesId);

export function loadSeries(ctx: Pick<Deps, 'store'>, seriesId: string): Promise<LoadedStream<SeriesState>> {
  return loadStream(ctx.store, seriesDecider, seriesStream(seriesId));
}

/** The most merges followed from one series (a chain longer than this is a loop or a mistake). */
const MAX_MERGE_HOPS = 20;

/** The series that lives on from `seriesId` (merges followed), from the write side; 404 when unknown. */
export async function liveSeries(ctx: Pick<Deps, 'store'>, seriesId: string): Promise<ExistingSeries> {
  let id = seriesId;
  for (let hop = 0; hop < MAX_MERGE_HOPS; hop++) {
    const { state } = await loadSeries(ctx, id);
    if (state.status === 'absent') throw new DomainError(SERIES_NOT_FOUND, 'not-found');
    if (state.status === 'active' || !state.mergedInto) return state;
    id = state.mergedInto;
  }
  throw new DomainError(SERIES_NOT_FOUND, 'not-found');
}
