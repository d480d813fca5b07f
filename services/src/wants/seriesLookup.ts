/**
 * The series a series want names (issue 18): the one that lives on from the id sent (merges
 * followed), read from the write side; 404 when there is no such series.
 */
import type { Deps } from '../deps/deps.ts';
import { liveSeries } from '../series/seriesStreams.ts';

export async function liveSeriesId(ctx: Pick<Deps, 'store'>, seriesId: string): Promise<string> {
  return (await liveSeries(ctx, seriesId)).seriesId;
}
