import { stockItemDecider } from '@shop/domain/catalogue/index';
import { handle } from '../commands/handle.ts';
import { generateDemoCatalogue, type DemoCatalogue } from '../demo/demoCatalogue.ts';
import { pollUntil, testMetadata } from '../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../testing/testApp.ts';
import type { BrowseIndex } from './browseIndex.ts';
import { CatalogueCache } from './catalogueCache.ts';
import { appendCatalogue } from './loadCatalogue.ts';

/** A test app holding a 400-item demo catalogue of this seed, and a catalogue cache of its own over it (the index tests'). */
export async function indexTestApp(seed: string): Promise<{ t: TestApp; cache: CatalogueCache; catalogue: DemoCatalogue }> {
  const catalogue = generateDemoCatalogue({ seed, items: 400, now: new Date('2026-11-23T00:00:00Z') });
  const t = await createTestApp({}, { queues: false });
  await appendCatalogue(t.ctx.store, catalogue);
  await t.settle();
  return { t, cache: new CatalogueCache(t.tdb.db, { maxEntries: 100, ttlMs: 0 }), catalogue };
}

/** The cache's browse index once the cache has read the whole feed and the index is in step with it (the index tests'). */
export async function inStepIndex(t: TestApp, cache: CatalogueCache): Promise<BrowseIndex> {
  let index: BrowseIndex | null = null;
  let probe = 0;
  await pollUntil(
    'the browse index in step with the change feed',
    async () => {
      await cache.body(`probe:${probe++}`, async () => ({ fields: {} }));
      await cache.feedRead();
      const { rows } = await t.tdb.pool.query<{ s: string | null }>('select max(seq) as s from stock_availability_feed');
      index = cache.stats().feedSeq >= Number(rows[0]?.s ?? 0) ? cache.browseIndexInStep() : null;
      return index !== null;
    },
    20_000,
  );
  return index!;
}

/**
 * Every way an item changes, on the demo catalogue's items from `from`: sold out (the first 12),
 * back in stock (6 of them), counted again (10), repriced (10), renamed "Aardvark Annual" (4),
 * deleted (3) and added again under new ids (3).
 */
export async function changeItemsEveryWay(t: TestApp, catalogue: DemoCatalogue, from = 0): Promise<void> {
  const command = (id: string, cmd: Parameters<typeof stockItemDecider.decide>[0]) =>
    handle(t.ctx, stockItemDecider, `stock-${id}`, cmd, testMetadata());
  const items = catalogue.stockItems.slice(from);
  const available = async (id: string) =>
    (await t.tdb.db.selectFrom('stock_items').select('available').where('stock_item_id', '=', id).executeTakeFirstOrThrow()).available;
  for (const item of items.slice(0, 12)) {
    const left = await available(item.stockItemId);
    if (left > 0) await command(item.stockItemId, { type: 'AdjustQuantity', data: { by: -left, reason: 'stock take' } });
  }
  for (const item of items.slice(0, 6)) await command(item.stockItemId, { type: 'AdjustQuantity', data: { by: 2, reason: 'found' } });
  for (const item of items.slice(20, 30)) await command(item.stockItemId, { type: 'AdjustQuantity', data: { by: 3, reason: 'delivery' } });
  for (const [i, item] of items.slice(40, 50).entries()) {
    await command(item.stockItemId, { type: 'EditStockItem', data: { changes: { priceOverride: 100 + i * 997 } } });
  }
  for (const item of items.slice(60, 64)) {
    await command(item.stockItemId, {
      type: 'EditStockItem',
      data: { changes: { mainDescription: `Aardvark Annual #${item.stockItemId.length}` } },
    });
  }
  for (const item of items.slice(70, 73)) await command(item.stockItemId, { type: 'DeleteStockItem', data: { reason: 'damaged' } });
  const added = items.slice(100, 103).map((item, i) => ({ ...item, stockItemId: `${item.stockItemId}-again-${from}-${i}` }));
  for (const { stockItemId, ...item } of added) await command(stockItemId, { type: 'AddStockItem', data: { stockItemId, item } });
  await t.settle();
}
