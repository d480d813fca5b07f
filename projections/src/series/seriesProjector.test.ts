import { seriesDecider, type SeriesCommand, type SeriesState } from '@shop/domain/series/index';
import {
  stockItemDecider,
  stockItemInputSchema,
  toStockItemFields,
  type StockItemCommand,
  type StockItemState,
} from '@shop/domain/catalogue/index';
import { fold, type Decider } from '@shop/domain/shared/decider';
import type { DomainEvent } from '@shop/domain/shared/events';
import { describe, expect, it } from 'vitest';
import { testMetadata } from '@shop/services/testing/fixtures';
import { useTestEventStore } from '@shop/services/testing/testEventStore';
import { catalogueProjector } from '../catalogue/catalogueProjector.ts';
import { ProjectionRunner } from '../runner/projectionRunner.ts';
import { rebuildProjector } from '../runner/rebuild.ts';
import { seriesProjector } from './seriesProjector.ts';

const t = useTestEventStore();

async function run<C, E extends DomainEvent, S>(decider: Decider<C, E, S>, streamId: string, command: C) {
  const events = await t.store.readStream(streamId);
  const next = decider.decide(command, fold(decider, events as never));
  await t.store.append(
    streamId,
    decider.streamType,
    next.map((e) => ({ ...e, metadata: testMetadata() })),
    events.length === 0 ? 'no_stream' : events.length,
  );
}
const series = (id: string, command: SeriesCommand) =>
  run<SeriesCommand, DomainEvent, SeriesState>(seriesDecider as never, `series-${id}`, command);
const stock = (id: string, command: StockItemCommand) =>
  run<StockItemCommand, DomainEvent, StockItemState>(stockItemDecider as never, `stock-${id}`, command);
const item = (title: string, seriesId: string, seriesTitle: string) =>
  toStockItemFields(stockItemInputSchema.parse({ comicId: title.replace(/\W/g, ''), itemType: 'comic', mainDescription: title }), null, {
    seriesId,
    title: seriesTitle,
  });

describe('the series read model and the series columns of stock items', () => {
  it('follow starts, renames, shelf copies and merges, and equal a rebuild', async () => {
    await series('xmen', {
      type: 'StartSeries',
      data: { seriesId: 'xmen', series: { title: 'X-Men', publisher: 'Marvel', volume: 2024 } },
    });
    await series('uxm', {
      type: 'StartSeries',
      data: { seriesId: 'uxm', series: { title: 'Uncanny', publisher: 'Marvel', volume: null } },
    });
    await series('old', { type: 'StartSeries', data: { seriesId: 'old', series: { title: 'Old X', publisher: 'Marvel', volume: null } } });
    await stock('s1', { type: 'AddStockItem', data: { stockItemId: 's1', item: item('X-Men #1', 'xmen', 'X-Men') } });
    await stock('s2', { type: 'AddStockItem', data: { stockItemId: 's2', item: item('Uncanny #2', 'uxm', 'Uncanny') } });
    await stock('s3', { type: 'AddStockItem', data: { stockItemId: 's3', item: item('Old X #3', 'old', 'Old X') } });
    await series('uxm', { type: 'EditSeries', data: { changes: { title: 'Uncanny X-Men' } } });
    await series('xmen', { type: 'SetShelfDefault', data: { shelfCopies: 4 } });
    // Old X joins Uncanny, then Uncanny joins X-Men: Old X's items end in X-Men too.
    await series('old', { type: 'MergeSeriesInto', data: { intoSeriesId: 'uxm', intoTitle: 'Uncanny X-Men' } });
    await series('uxm', { type: 'AbsorbSeries', data: { fromSeriesId: 'old', fromTitle: 'Old X' } });
    await series('uxm', { type: 'MergeSeriesInto', data: { intoSeriesId: 'xmen', intoTitle: 'X-Men' } });
    await series('xmen', { type: 'AbsorbSeries', data: { fromSeriesId: 'uxm', fromTitle: 'Uncanny X-Men' } });

    const runner = new ProjectionRunner({
      db: t.tdb.db,
      pool: t.tdb.pool,
      source: t.store,
      projectors: [seriesProjector, catalogueProjector],
      pollMs: 20,
    });
    runner.start();
    await runner.waitUntilCaughtUp(20_000);
    await runner.stop();

    expect(
      await t.tdb.db
        .selectFrom('series')
        .select(['series_id', 'title', 'title_key', 'shelf_copies', 'merged_into'])
        .orderBy('series_id')
        .execute(),
    ).toEqual([
      { series_id: 'old', title: 'Old X', title_key: 'oldx', shelf_copies: 0, merged_into: 'xmen' },
      { series_id: 'uxm', title: 'Uncanny X-Men', title_key: 'uncannyxmen', shelf_copies: 0, merged_into: 'xmen' },
      { series_id: 'xmen', title: 'X-Men', title_key: 'xmen', shelf_copies: 4, merged_into: null },
    ]);
    expect(
      await t.tdb.db.selectFrom('stock_items').select(['stock_item_id', 'series_id', 'series_title']).orderBy('stock_item_id').execute(),
    ).toEqual([
      { stock_item_id: 's1', series_id: 'xmen', series_title: 'X-Men' },
      { stock_item_id: 's2', series_id: 'xmen', series_title: 'X-Men' },
      { stock_item_id: 's3', series_id: 'xmen', series_title: 'X-Men' },
    ]);
    expect(await rebuildProjector(t.tdb.db, t.store, seriesProjector)).toMatchObject({ equal: true });
    expect(await rebuildProjector(t.tdb.db, t.store, catalogueProjector)).toMatchObject({ equal: true });
  });
});
