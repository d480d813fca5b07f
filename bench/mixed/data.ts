import { randomUUID } from 'node:crypto';
import { stockItemDecider } from '../../domain/src/catalogue/index.ts';
import { handle } from '../../services/src/commands/handle.ts';
import { openDatabase } from '../../services/src/db/database.ts';
import { PostgresEventStore } from '../../services/src/eventstore/postgres/postgresEventStore.ts';
import { serverUrl } from '../../services/src/testing/testDatabase.ts';
import { testMetadata } from '../../services/src/testing/fixtures.ts';
import type { EditedItem } from './adminEdits.ts';
import { buildDemoCatalogue, databaseComment, fmt, migrateBenchDatabase, projectAll } from '../lib/benchDatabase.ts';

/** Copies every item of the checkout pool is given, so no run ever sells one out. */
export const POOL_COPIES = 1_000_000;

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

/** What a finished build writes on the database, so `--reuse` never runs on a half-built one. */
const builtMark = (items: number) => `bench:mixed catalogue of ${items} items`;

/**
 * The bench's database: the demo catalogue of `items` items appended and projected as
 * bench/catalogue builds it, or, with `reuse`, the one an earlier run finished building.
 */
export async function ensureCatalogue(name: string, items: number, reuse: boolean): Promise<string> {
  const comment = reuse ? await databaseComment(name) : null;
  if (comment === builtMark(items)) {
    // The code may have new migrations since the database was built.
    await migrateBenchDatabase(name, 'bench/mixed');
    console.log(`bench/mixed: reusing ${name} (${fmt(items)} items)`);
    return serverUrl(name);
  }
  if (reuse)
    console.log(`bench/mixed: ${name} ${comment === null ? 'does not exist' : 'was not finished or has another size'}: building it`);
  await buildDemoCatalogue(name, items, 'bench/mixed', builtMark(items));
  return serverUrl(name);
}

/**
 * The items shoppers buy: `size` in-stock items that are not pre-orders, the same ones on every run
 * (ordered by a hash of their id), each raised to POOL_COPIES copies through the stock item's
 * AdjustQuantity command (as the admin's stock count does) and projected before the run.
 */
export async function stockCheckoutPool(url: string, size: number): Promise<string[]> {
  const database = openDatabase(url, 16);
  const store = new PostgresEventStore(database.pool, url);
  try {
    const { rows } = await database.pool.query<{ stock_item_id: string; number: number }>(
      `select stock_item_id, number from stock_items
        where in_stock and period_type <> 'pre-order' and price > 0
        order by md5(stock_item_id) limit $1`,
      [size],
    );
    if (rows.length < size) throw new Error(`only ${rows.length} in-stock items to make a checkout pool of ${size}`);
    const low = rows.filter((r) => r.number < POOL_COPIES / 2);
    const started = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        for (let row = low[next++]; row; row = low[next++]) {
          await handle(
            { store, ids: randomUUID },
            stockItemDecider,
            `stock-${row.stock_item_id}`,
            { type: 'AdjustQuantity', data: { by: POOL_COPIES - row.number, reason: 'bench:mixed checkout pool' } },
            testMetadata({ actor: { kind: 'system', name: 'bench:mixed' } }),
          );
        }
      }),
    );
    if (low.length > 0) {
      await projectAll(database, store);
      console.log(`bench/mixed: ${fmt(low.length)} pool items raised to ${fmt(POOL_COPIES)} copies and projected in ${seconds(started)} s`);
    }
    return rows.map((r) => r.stock_item_id);
  } finally {
    await store.close();
    await database.close();
  }
}

/**
 * Last copies for declined checkouts (DeclinedLastCopies): `size` in-stock items with one
 * copy left, none of the checkout pool's, the same ones on every run.
 */
export async function singleCopies(url: string, size: number): Promise<string[]> {
  const database = openDatabase(url, 1);
  try {
    const { rows } = await database.pool.query<{ stock_item_id: string }>(
      `select stock_item_id from stock_items
        where available = 1 and period_type <> 'pre-order' and price > 0
        order by md5(stock_item_id) limit $1`,
      [size],
    );
    return rows.map((r) => r.stock_item_id);
  } finally {
    await database.close();
  }
}

/**
 * Items the admin edits (AdminEdits): `size` in-stock items with more than one copy, none of the
 * checkout pool's or the last copies', spread across the catalogue, the same ones on every run.
 */
export async function itemsToEdit(url: string, size: number): Promise<EditedItem[]> {
  const database = openDatabase(url, 1);
  try {
    const { rows } = await database.pool.query<{ stock_item_id: string; price_override: number }>(
      `select stock_item_id, price_override from stock_items
        where available between 2 and $2 and period_type <> 'pre-order' and price > 0
        order by md5('edit' || stock_item_id) limit $1`,
      [size, POOL_COPIES / 2],
    );
    return rows.map((r) => ({ id: r.stock_item_id, priceOverride: r.price_override }));
  } finally {
    await database.close();
  }
}
