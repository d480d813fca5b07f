import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { stockItemDecider, stockItemInputSchema, toStockItemFields } from '@shop/domain/catalogue/index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handle } from '@shop/services/commands/handle';
import { PostgresEventStore } from '@shop/services/eventstore/postgres/postgresEventStore';
import { testMetadata } from '@shop/services/testing/fixtures';
import { createTestDatabase, type TestDatabase } from '@shop/services/testing/testDatabase';
import { ProjectionRunner } from '../runner/projectionRunner.ts';
import { catalogueProjector } from './catalogueProjector.ts';

let tdb: TestDatabase;
let store: PostgresEventStore;
beforeAll(async () => {
  tdb = await createTestDatabase();
  store = new PostgresEventStore(tdb.pool, tdb.url);
  const item = stockItemInputSchema.parse({
    comicId: 'HOT1',
    itemType: 'comic',
    mainDescription: 'Hot Comic #1',
    number: 3,
    priceOverride: 500,
  });
  await handle(
    { store, ids: randomUUID },
    stockItemDecider,
    'stock-hot',
    { type: 'AddStockItem', data: { stockItemId: 'hot', item: toStockItemFields(item, null) } },
    testMetadata(),
  );
  const runner = new ProjectionRunner({ db: tdb.db, pool: tdb.pool, source: store, projectors: [catalogueProjector], pollMs: 20 });
  runner.start();
  await runner.waitUntilCaughtUp(20_000);
  await runner.stop();
});
afterAll(async () => {
  await store.close();
  await tdb.drop();
});

describe('stock_items.in_stock', () => {
  it('a hold that leaves copies is a HOT update (no index touched); selling out changes in_stock and the browse indexes', async () => {
    await tdb.db
      .transaction()
      .execute(async (trx) => {
        const counts = async () => {
          const { rows } = await sql<{ upd: string; hot: string }>`
          select n_tup_upd::text as upd, n_tup_hot_upd::text as hot from pg_stat_xact_user_tables where relname = 'stock_items'`.execute(
            trx,
          );
          return { updates: Number(rows[0]!.upd), hot: Number(rows[0]!.hot) };
        };
        const inStock = async () =>
          (await trx.selectFrom('stock_items').select('in_stock').where('stock_item_id', '=', 'hot').executeTakeFirstOrThrow()).in_stock;
        expect(await inStock()).toBe(true);
        await trx.updateTable('stock_items').set({ available: 2 }).where('stock_item_id', '=', 'hot').execute();
        expect(await counts()).toEqual({ updates: 1, hot: 1 });
        await trx.updateTable('stock_items').set({ available: 0 }).where('stock_item_id', '=', 'hot').execute();
        expect(await counts()).toEqual({ updates: 2, hot: 1 });
        expect(await inStock()).toBe(false);
        throw new RollBack();
      })
      .catch((e: unknown) => {
        if (!(e instanceof RollBack)) throw e;
      });
  });

  it('browsing filters on in_stock, so the planner can use the partial browse index', async () => {
    await tdb.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      const { rows } = await sql<{ 'QUERY PLAN': string }>`
        explain select stock_item_id from stock_items where in_stock and item_type = 'comic' and period_type = 'new'
        order by batch_date desc, sort_title, added_position limit 20`.execute(trx);
      expect(rows.map((r) => r['QUERY PLAN']).join('\n')).toContain('stock_items_browse');
    });
  });
});

class RollBack extends Error {}
