import { pullListDecider, pullListStreamId, seriesRollDecider, seriesRollStreamId, type PullListState } from '@shop/domain/pullLists/index';
import type { RecordedEvent } from '@shop/domain/shared/events';
import type { Deps } from '../deps/deps.ts';
import { loadStream, type LoadedStream } from '../commands/loadStream.ts';
import { loadSeries, liveSeries } from '../series/seriesStreams.ts';

export function loadPullList(ctx: Pick<Deps, 'store'>, userId: string): Promise<LoadedStream<PullListState>> {
  return loadStream(ctx.store, pullListDecider, pullListStreamId(userId));
}

/** The most series gathered under one (merges into merges into ...). */
const MAX_MERGED_SERIES = 50;

/**
 * The series whose subscribers an item of `seriesId` serves: the series that lives on from it
 * (merges followed) and every series merged into that one, at any depth. Subscriptions stay on
 * the series id they were made on; a merge gathers them.
 */
export async function seriesFamily(ctx: Pick<Deps, 'store'>, seriesId: string): Promise<{ liveId: string; title: string; ids: string[] }> {
  const live = await liveSeries(ctx, seriesId);
  const ids = [live.seriesId];
  for (let i = 0; i < ids.length && ids.length < MAX_MERGED_SERIES; i++) {
    const { state } = i === 0 ? { state: live } : await loadSeries(ctx, ids[i]!);
    if (state.status === 'absent') continue;
    for (const from of state.absorbed) if (!ids.includes(from)) ids.push(from);
  }
  return { liveId: live.seriesId, title: live.series.title, ids };
}

/**
 * The subscribers of a family of series, in subscription order: the order their roll entries were
 * written in the log (one roll per series; a merge interleaves them by when each customer joined).
 */
export async function subscribersOf(
  ctx: Pick<Deps, 'store'>,
  seriesIds: readonly string[],
): Promise<Array<{ userId: string; joinedAt: bigint }>> {
  const rolls = await ctx.store.readStreams(seriesIds.map(seriesRollStreamId));
  const joined = new Map<string, RecordedEvent>();
  for (const events of rolls.values()) {
    const members = new Set(
      events.reduce((state, e) => seriesRollDecider.evolve(state, e as never), seriesRollDecider.initialState()).subscribers,
    );
    for (const e of events) {
      const userId = (e.data as { userId: string }).userId;
      if (e.type === 'SeriesSubscriberJoined' && members.has(userId)) joined.set(userId, e);
    }
  }
  return [...joined.values()]
    .sort((a, b) =>
      a.position.globalPosition < b.position.globalPosition ? -1 : a.position.globalPosition > b.position.globalPosition ? 1 : 0,
    )
    .map((e) => ({ userId: (e.data as { userId: string }).userId, joinedAt: e.position.globalPosition }));
}
