/** The admin's series commands: edit (rename), merge, shelf default. Answers come from the write side, counts from the read model. */
import { seriesDecider, SERIES_NOT_FOUND, type SeriesEdit } from '@shop/domain/series/index';
import type { AdminSeriesView } from '@shop/domain/contract/series';
import { DomainError } from '@shop/domain/shared/decider';
import type { EventMetadata } from '@shop/domain/shared/events';
import type { Deps } from '../deps/deps.ts';
import { decide, decision, handle, handleStreams } from '../commands/handle.ts';
import { loadedFrom } from '../commands/loadStream.ts';
import { seriesStream } from './seriesStreams.ts';
import { adminSeriesView } from './seriesQueries.ts';

type Ctx = Pick<Deps, 'store' | 'ids' | 'db'>;

/** The series as the admin sees it, with the write side's fields (the read model may not have caught up). */
async function answerOf(
  ctx: Ctx,
  seriesId: string,
  fields: { title: string; publisher: string; volume: number | null; shelfCopies: number },
) {
  const counted = await adminSeriesView(ctx.db, seriesId).catch(() => null);
  const view: AdminSeriesView = { _id: seriesId, issueCount: counted?.issueCount ?? 0, ...fields };
  return view;
}

/** PUT /api/edit-series/{id}: title (a rename), publisher, volume. */
export async function editSeries(ctx: Ctx, seriesId: string, edit: SeriesEdit, metadata: EventMetadata): Promise<AdminSeriesView> {
  const { state } = await handle(ctx, seriesDecider, seriesStream(seriesId), { type: 'EditSeries', data: { changes: edit } }, metadata);
  if (state.status === 'absent') throw new DomainError(SERIES_NOT_FOUND, 'not-found');
  return answerOf(ctx, seriesId, { ...state.series, shelfCopies: state.shelfCopies });
}

/** PUT /api/series-shelf/{id}: copies of each new issue ordered for the shelf. */
export async function setSeriesShelf(ctx: Ctx, seriesId: string, shelfCopies: number, metadata: EventMetadata): Promise<AdminSeriesView> {
  const { state } = await handle(ctx, seriesDecider, seriesStream(seriesId), { type: 'SetShelfDefault', data: { shelfCopies } }, metadata);
  if (state.status === 'absent') throw new DomainError(SERIES_NOT_FOUND, 'not-found');
  return answerOf(ctx, seriesId, { ...state.series, shelfCopies: state.shelfCopies });
}

/**
 * POST /api/merge-series/{id}: the series joins `intoSeriesId`. One step over both streams
 * (SeriesMerged on the source, SeriesAbsorbed on the target, appended together); the read model
 * then moves the source's items to the target. Answers the target.
 */
export async function mergeSeries(ctx: Ctx, seriesId: string, intoSeriesId: string, metadata: EventMetadata): Promise<AdminSeriesView> {
  if (seriesId === intoSeriesId) throw new DomainError('A series cannot be merged into itself', 'invalid');
  const { answer } = await handleStreams(ctx, metadata, async () => {
    const [sourceEvents, targetEvents] = await Promise.all([
      ctx.store.readStream(seriesStream(seriesId)),
      ctx.store.readStream(seriesStream(intoSeriesId)),
    ]);
    const source = loadedFrom(seriesDecider, sourceEvents);
    const target = loadedFrom(seriesDecider, targetEvents);
    if (source.state.status === 'absent' || target.state.status === 'absent') throw new DomainError(SERIES_NOT_FOUND, 'not-found');
    if (target.state.status === 'merged') {
      throw new DomainError(`${target.state.series.title} was itself merged into another series; merge into that one`, 'conflict');
    }
    const sourceTitle = source.state.series.title;
    const merged = decide(
      seriesDecider,
      [{ type: 'MergeSeriesInto', data: { intoSeriesId, intoTitle: target.state.series.title } }],
      source.state,
    );
    const absorbed = decide(
      seriesDecider,
      [{ type: 'AbsorbSeries', data: { fromSeriesId: seriesId, fromTitle: sourceTitle } }],
      target.state,
    );
    return {
      decisions: [
        decision(seriesDecider, seriesStream(seriesId), source.version, merged.events),
        decision(seriesDecider, seriesStream(intoSeriesId), target.version, absorbed.events),
      ],
      answer: absorbed.state,
    };
  });
  if (answer.status === 'absent') throw new DomainError(SERIES_NOT_FOUND, 'not-found');
  return answerOf(ctx, intoSeriesId, { ...answer.series, shelfCopies: answer.shelfCopies });
}
