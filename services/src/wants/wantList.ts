/**
 * Want lists (issue 18): a signed-in customer's wants, read and written on the write side (their
 * stream `wantlist-{userId}`), so a want added is listed at once.
 */
import { stockItemDecider } from '@shop/domain/catalogue/index';
import { DomainError, fold } from '@shop/domain/shared/decider';
import type { EventMetadata } from '@shop/domain/shared/events';
import { wantListDecider, type Want, type WantInput, type WantListState } from '@shop/domain/wants/index';
import type { Deps } from '../deps/deps.ts';
import { handle } from '../commands/handle.ts';
import { streamId } from '../eventstore/streamIds.ts';
import { stockStream } from '../admin/stockViews.ts';
import { liveSeriesId } from './seriesLookup.ts';

export const wantListStream = (userId: string) => streamId('wantlist', userId);

export const ITEM_NOT_FOUND = 'Item not found';

/** A want as GET /want-list answers it: only the fields it has. */
export function wantView(want: Want) {
  return {
    _id: want.wantId,
    ...(want.seriesId ? { seriesId: want.seriesId } : {}),
    ...(want.title ? { title: want.title } : {}),
    ...(want.issueNumber ? { issueNumber: want.issueNumber } : {}),
    ...(want.gradeMin !== null && want.gradeMin !== undefined ? { gradeMin: want.gradeMin } : {}),
    ...(want.stockId ? { stockId: want.stockId } : {}),
    createdAt: want.createdAt,
  };
}
export type WantView = ReturnType<typeof wantView>;

const listOf = (state: WantListState) => [...state.wants].reverse().map(wantView);

export async function listWants(ctx: Pick<Deps, 'store'>, userId: string): Promise<WantView[]> {
  const events = await ctx.store.readStream(wantListStream(userId));
  return listOf(fold(wantListDecider, events as never));
}

/** Adds a want: an item's "Notify me" (the item must exist), or a series or title and issue number. */
export async function addWant(ctx: Deps, userId: string, input: WantInput, metadata: EventMetadata): Promise<WantView[]> {
  if ('stockId' in input) {
    const item = fold(stockItemDecider, (await ctx.store.readStream(stockStream(input.stockId))) as never);
    if (item.status !== 'active') throw new DomainError(ITEM_NOT_FOUND, 'not-found');
  }
  // A series want names the series that lives on (a merged series' want follows it); 404 when unknown.
  const seriesId = 'stockId' in input || !input.seriesId ? null : await liveSeriesId(ctx, input.seriesId);
  const want: Want = {
    wantId: ctx.ids(),
    createdAt: ctx.clock().toISOString(),
    ...('stockId' in input
      ? { stockId: input.stockId }
      : {
          ...(seriesId ? { seriesId } : { title: input.title ?? null }),
          issueNumber: input.issueNumber.replace(/^#/, ''),
          gradeMin: input.gradeMin ?? null,
        }),
  };
  const { state } = await handle(ctx, wantListDecider, wantListStream(userId), { type: 'AddWant', userId, want }, metadata);
  return listOf(state);
}

export async function removeWant(ctx: Deps, userId: string, wantId: string, metadata: EventMetadata): Promise<WantView[]> {
  const { state } = await handle(ctx, wantListDecider, wantListStream(userId), { type: 'RemoveWant', userId, wantId }, metadata);
  return listOf(state);
}
