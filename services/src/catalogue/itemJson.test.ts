import type { ReadModels } from '@shop/projections/schema';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addStock } from '../orders/testKit.ts';
import { countingStatements } from '../testing/countingStatements.ts';
import { createTestApp, type TestApp } from '../testing/testApp.ts';
import { ITEM_JSON_READ, ItemJson, listedColumns, type ListedItem, type ListedRow } from './itemJson.ts';

let t: TestApp;
/** The read models through the test's pool, counting the reads of items' JSON. */
let jsonReads: ReturnType<typeof countingStatements>;
let db: Kysely<ReadModels>;
let ids: string[] = [];

const rowsOf = (stockIds: string[]): Promise<ListedRow[]> =>
  t.ctx.db
    .selectFrom('stock_items')
    .select(listedColumns('stock_items'))
    .where('stock_item_id', 'in', stockIds)
    .orderBy('sort_title')
    .execute();
const titlesOf = (items: ListedItem[]) => items.map((i) => (JSON.parse(`${i.prefix}}`) as { mainDescription: string }).mainDescription);
const rename = (id: string, title: string) =>
  sql`update stock_items set main_description = ${title} where stock_item_id = ${id}`.execute(t.ctx.db);
/** `run`'s result, and how many reads of items' JSON it sent. */
async function readsOf<T>(run: () => Promise<T>): Promise<{ result: T; reads: number }> {
  const { result, statements } = await jsonReads.sent(run);
  return { result, reads: statements };
}

beforeAll(async () => {
  t = await createTestApp({}, { queues: false });
  jsonReads = countingStatements(t.ctx.pool, (sqlText) => sqlText.includes(ITEM_JSON_READ));
  db = jsonReads.db;
  ids = await Promise.all(
    ['Json Alpha #1', 'Json Beta #1', 'Json Gamma #1'].map((mainDescription) =>
      addStock(t.ctx, { mainDescription, number: 2, price: 700 }),
    ),
  );
  await t.settle();
});
afterAll(() => t.close());

describe('ItemJson', () => {
  it('reads the JSON of the items it has not kept, in one statement, and keeps it under the structure read', async () => {
    const items = new ItemJson();
    items.at(10);
    const first = await readsOf(async () => items.listed(db, await rowsOf(ids.slice(0, 2))));
    expect(first.reads).toBe(1);
    expect(titlesOf(first.result)).toEqual(['Json Alpha #1', 'Json Beta #1']);
    const again = await readsOf(async () => items.listed(db, await rowsOf(ids)));
    expect(again.reads).toBe(1); // only the third item's
    expect(titlesOf(again.result)).toEqual(['Json Alpha #1', 'Json Beta #1', 'Json Gamma #1']);
    expect((await readsOf(async () => items.listed(db, await rowsOf(ids)))).reads).toBe(0);
    expect(items.size).toBe(3);
  });

  it('lays the counts the rows were read with beside the kept JSON, never below 0', async () => {
    const items = new ItemJson();
    items.at(10);
    await items.listed(db, await rowsOf(ids));
    const rows = await rowsOf([ids[0]!]);
    const [listed] = await items.listed(db, [{ ...rows[0]!, available: -1, sales_quantity: 4, sales_value: '2800' }]);
    expect(listed!.live).toEqual({ available: 0, salesQuantity: 4, salesValue: 2800 });
    expect(listed!.price).toBe(700);
  });

  it('reads an item again once it moved, and keeps nothing before a structure is read or after it is cleared', async () => {
    const items = new ItemJson();
    items.at(10);
    await items.listed(db, await rowsOf([ids[0]!]));
    await rename(ids[0]!, 'Json Alpha #1 (renamed)');
    expect(titlesOf(await items.listed(db, await rowsOf([ids[0]!])))).toEqual(['Json Alpha #1']);
    items.moved(ids[0]!, 11);
    items.at(11);
    const moved = await readsOf(async () => items.listed(db, await rowsOf([ids[0]!])));
    expect(moved.reads).toBe(1);
    expect(titlesOf(moved.result)).toEqual(['Json Alpha #1 (renamed)']);

    items.clear();
    expect(items.size).toBe(0);
    const none = new ItemJson();
    for (const store of [items, none]) {
      await store.listed(db, await rowsOf([ids[1]!]));
      expect((await readsOf(async () => store.listed(db, await rowsOf([ids[1]!])))).reads).toBe(1);
    }
    await rename(ids[0]!, 'Json Alpha #1');
  });

  it('does not keep what it read when the item moved after the read began', async () => {
    const items = new ItemJson();
    items.at(20);
    const rows = await rowsOf([ids[2]!]);
    const reading = items.listed(db, rows);
    // The feed is read while the JSON read is under way: the item moved at 21.
    items.moved(ids[2]!, 21);
    items.at(21);
    expect(titlesOf(await reading)).toEqual(['Json Gamma #1']);
    expect(items.size).toBe(0);
    expect((await readsOf(() => items.listed(db, rows))).reads).toBe(1);
    expect(items.size).toBe(1);
  });

  it('does not keep what it read when it was cleared meanwhile (the cache started again), the structure the same', async () => {
    const items = new ItemJson();
    items.at(40);
    const rows = await rowsOf([ids[1]!]);
    const reading = items.listed(db, rows);
    // Starting again forgets which items moved: a read begun before cannot tell whether it is older.
    items.clear();
    items.at(41);
    expect(titlesOf(await reading)).toEqual(['Json Beta #1']);
    expect(items.size).toBe(0);
  });

  it('keeps the JSON of many items as a process warms up: those not kept, a statement a chunk, none moved meanwhile', async () => {
    const items = new ItemJson();
    items.at(50);
    await items.listed(db, await rowsOf([ids[0]!]));
    const warming = readsOf(() => items.keepAll(db, [...ids, 'no-such-item']));
    // The feed is read while the warm-up's read is under way: the second item moved at 51.
    items.moved(ids[1]!, 51);
    items.at(51);
    expect((await warming).reads).toBe(1);
    expect(items.size).toBe(2);
    const listed = await readsOf(async () => items.listed(db, await rowsOf([ids[0]!, ids[2]!])));
    expect(listed.reads).toBe(0);
    expect(titlesOf(listed.result)).toEqual(['Json Alpha #1', 'Json Gamma #1']);
    expect((await readsOf(() => items.keepAll(db, ids.slice(0, 1)))).reads).toBe(0);
    expect((await readsOf(() => items.keepAll(db, ids))).reads).toBe(1); // the moved one, read again
    expect(items.size).toBe(3);
  });

  it('leaves out an item deleted between the page read and its JSON read', async () => {
    const items = new ItemJson();
    items.at(30);
    const rows = await rowsOf(ids);
    const gone = { ...rows[1]!, stock_item_id: 'no-such-item' };
    expect(titlesOf(await items.listed(db, [rows[0]!, gone, rows[2]!]))).toEqual(['Json Alpha #1', 'Json Gamma #1']);
  });
});
