import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { stockItemDecider, stockItemInputSchema, toStockItemFields } from '@shop/domain/catalogue/index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handle } from '@shop/services/commands/handle';
import { PostgresEventStore } from '@shop/services/eventstore/postgres/postgresEventStore';
import { testMetadata } from '@shop/services/testing/fixtures';
import { createTestDatabase, type TestDatabase } from '@shop/services/testing/testDatabase';
import { ProjectionRunner } from '../runner/projectionRunner.ts';
import { LIVE_COLUMNS, STATIC_COLUMNS } from './0202_catalogue_changes.ts';
import { GRADING_COLUMNS } from './0220_stock_item_grading.ts';
import { ISSUE_COLUMNS } from './0210_stock_item_issues.ts';
import { ORDER_BY_COLUMNS } from './0211_stock_item_order_by.ts';
import { UPC_COLUMNS } from './0212_stock_item_upc.ts';
import { SCOPED_MOVES_AT_MOST } from './0225_item_changes_scoped.ts';
import { catalogueProjector } from './catalogueProjector.ts';

let tdb: TestDatabase;
let store: PostgresEventStore;
let runner: ProjectionRunner;

const run = (id: string, command: Parameters<typeof stockItemDecider.decide>[0]) =>
  handle({ store, ids: randomUUID }, stockItemDecider, `stock-${id}`, command, testMetadata());
const structure = async () => Number((await sql<{ s: string }>`select structure as s from catalogue_versions`.execute(tdb.db)).rows[0]!.s);
const feed = async () =>
  (
    await sql<{
      stock_item_id: string;
      available: number;
    }>`select stock_item_id, available from stock_availability_feed order by seq`.execute(tdb.db)
  ).rows;

const lastSeq = async () =>
  Number((await sql<{ s: string }>`select coalesce(max(seq), 0) as s from stock_availability_feed`.execute(tdb.db)).rows[0]!.s);
const movedSince = async (seq: number) =>
  (
    await sql<{ stock_item_id: string; moved: boolean; moved_from: unknown[] | null; available: number }>`
      select stock_item_id, moved, moved_from, available from stock_availability_feed where seq > ${seq} and moved order by seq`.execute(
      tdb.db,
    )
  ).rows;
/** A kept search list of no ids, matching `matches` (and `runTogether`) among `types`. */
const keep = (key: string, matches: string, runTogether: string | null, types = ['comic', 'game']) =>
  sql`insert into catalogue_lists (key, structure, total, ids, matches, run_together, item_types, words)
    select ${key}, structure, 0, '{}', to_tsquery('simple', ${matches}), ${runTogether}, ${types}::text[], '{}' from catalogue_versions`.execute(
    tdb.db,
  );
const kept = async () => (await sql<{ key: string }>`select key from catalogue_lists order by key`.execute(tdb.db)).rows.map((r) => r.key);

/** Every column of stock_items but its id and the generated ones: what a row is copied with. */
const copiedColumns = async () => {
  const { rows } = await sql<{ column_name: string }>`
    select column_name from information_schema.columns
    where table_schema = 'public' and table_name = 'stock_items' and is_generated = 'NEVER' and column_name <> 'stock_item_id'`.execute(
    tdb.db,
  );
  return sql.join(rows.map((c) => sql.ref(c.column_name)));
};

/**
 * Scans of catalogue_lists by one statement on stock_items, undone, and the rows they read. The
 * backend's counts not yet reported (pg_stat_xact_user_tables) are reported only between
 * transactions, so both reads inside one see the statement's own.
 */
const listReadsBy = async (change: ReturnType<typeof sql>) => {
  const client = await tdb.pool.connect();
  const reads = async () =>
    (
      await client.query<{ scans: string; rows: string }>(
        `select seq_scan + coalesce(idx_scan, 0) as scans, seq_tup_read + coalesce(idx_tup_fetch, 0) as rows
         from pg_stat_xact_user_tables where relname = 'catalogue_lists'`,
      )
    ).rows[0]!;
  try {
    await client.query('begin');
    const before = await reads();
    await client.query(change.compile(tdb.db).sql);
    const after = await reads();
    return { scans: Number(after.scans) - Number(before.scans), rows: Number(after.rows) - Number(before.rows) };
  } finally {
    await client.query('rollback');
    client.release();
  }
};

/** Two copies: the second hold sells it out. */
const listed = stockItemInputSchema.parse({
  comicId: 'LIST1',
  itemType: 'comic',
  mainDescription: 'Listwatch #1',
  number: 2,
  priceOverride: 500,
});

beforeAll(async () => {
  tdb = await createTestDatabase();
  store = new PostgresEventStore(tdb.pool, tdb.url);
  const item = stockItemInputSchema.parse({
    comicId: 'FEED1',
    itemType: 'comic',
    mainDescription: 'Feedwatch Quarterly #1',
    writer: 'Ozymandias Wordsmith',
    number: 2,
    priceOverride: 500,
  });
  await run('feed', { type: 'AddStockItem', data: { stockItemId: 'feed', item: toStockItemFields(item, null) } });
  runner = new ProjectionRunner({ db: tdb.db, pool: tdb.pool, source: store, projectors: [catalogueProjector], pollMs: 20 });
  runner.start();
  await runner.waitUntilCaughtUp(20_000);
});
afterAll(async () => {
  await runner.stop();
  await store.close();
  await tdb.drop();
});

describe('catalogue change triggers', () => {
  it('name every column of stock_items as shown-and-static or live', async () => {
    const { rows } = await sql<{ column_name: string }>`
      select column_name from information_schema.columns
      where table_schema = 'public' and table_name = 'stock_items' and is_generated = 'NEVER'`.execute(tdb.db);
    const named = new Set<string>([
      ...GRADING_COLUMNS,
      ...STATIC_COLUMNS,
      ...ISSUE_COLUMNS,
      ...ORDER_BY_COLUMNS,
      ...UPC_COLUMNS,
      ...LIVE_COLUMNS,
      'stock_item_id',
    ]);
    expect(rows.map((r) => r.column_name).filter((c) => !named.has(c))).toEqual([]);
  });

  it('report holds and sales in the feed without moving the structure; selling out too', async () => {
    const before = await structure();
    await run('feed', { type: 'HoldStock', data: { orderId: 'o1', quantity: 1 } });
    await run('feed', { type: 'SellHeld', data: { orderId: 'o1', unitPriceCents: 500 } });
    await run('feed', { type: 'HoldStock', data: { orderId: 'o2', quantity: 1 } });
    await runner.waitUntilCaughtUp(20_000);
    expect(await structure()).toBe(before);
    expect((await feed()).map((r) => r.available)).toContain(0);
    expect((await feed()).every((r) => r.stock_item_id === 'feed')).toBe(true);
  });

  it('report an item back in stock in the feed and drop only the kept lists it joins, not moving the structure', async () => {
    const before = await structure();
    await keep('its title', 'feedwatch:*', '%feedwatch%');
    await keep('its writer', 'wordsm:*', '%wordsm%');
    await keep('its title run together', 'feedwatchquar:*', '%feedwatchquar%');
    await keep('another title', 'listwatch:*', '%listwatch%');
    await keep('its title, games only', 'feedwatch:*', '%feedwatch%', ['game']);
    await run('feed', { type: 'ReleaseHold', data: { orderId: 'o2' } });
    await runner.waitUntilCaughtUp(20_000);
    expect(await structure()).toBe(before);
    const { rows } = await sql<{ available: number; back_in_stock: boolean }>`
      select available, back_in_stock from stock_availability_feed where stock_item_id = 'feed' order by seq`.execute(tdb.db);
    // The holds and the sale before it (rows per statement of the projector) are not.
    expect(rows.map((r) => r.back_in_stock)).toEqual([...rows.slice(1).map(() => false), true]);
    expect(rows.at(-1)?.available).toBe(1);
    expect(await kept()).toEqual(['another title', 'its title, games only']);
    await sql`delete from catalogue_lists`.execute(tdb.db);
  });

  it('report an item edited, added or deleted in the feed with where it was, not moving the structure', async () => {
    const before = await structure();
    const after = await lastSeq();
    await run('feed', { type: 'EditStockItem', data: { changes: { priceOverride: 650 } } });
    await run('feed', { type: 'EditStockItem', data: { changes: { issueNumber: '1', focDate: '2026-12-01' } } });
    await run('feed', { type: 'EditStockItem', data: { changes: { condition: { kind: 'raw', grade: 9.4 } } } });
    await run('moved', { type: 'AddStockItem', data: { stockItemId: 'moved', item: toStockItemFields(listed, null) } });
    await run('moved', { type: 'DeleteStockItem', data: {} });
    await runner.waitUntilCaughtUp(20_000);
    expect(await structure()).toBe(before);
    const rows = await movedSince(after);
    // A row for each statement that changed it: the issue's edit sets its order-by date in a second one.
    const edited = rows.filter((r) => r.stock_item_id === 'feed');
    const addedThenDeleted = rows.filter((r) => r.stock_item_id === 'moved');
    expect(edited.length).toBeGreaterThanOrEqual(3);
    expect(addedThenDeleted).toHaveLength(2);
    // Where it was: the price before the edit, in stock; an item added was nowhere; one deleted was.
    expect(edited[0]!.moved_from).toEqual([
      'comic',
      'new',
      false,
      null,
      expect.stringContaining('Feedwatch Quarterly #1'),
      'Feedwatch Quarterly #1',
      'feedwatchquarterly1',
      '',
      null,
      500,
      true,
      'feedwatch quarterly #00000001',
      expect.stringMatching(/^\d+$/),
      null,
      false,
      'FEED1',
      ['1', 'feed1', 'feedwatch', 'ozymandias', 'quarterly', 'wordsmith'],
      ['1', 'feed1', 'feedwatch', 'quarterly'],
    ]);
    expect(edited.at(-1)!.moved_from?.[9]).toBe(650);
    expect(addedThenDeleted[0]!.moved_from).toBeNull();
    expect(addedThenDeleted[1]!.moved_from?.[5]).toBe('Listwatch #1');
    expect(addedThenDeleted[1]!.available).toBe(0);
  });

  it('drop only the kept lists an item edited, added or deleted was in or joins', async () => {
    await keep('its title', 'feedwatch:*', '%feedwatch%');
    await keep('its new title', 'renamed:*', '%renamed%');
    await keep('another title', 'otherwatch:*', '%otherwatch%');
    await keep('its title, games only', 'feedwatch:*', '%feedwatch%', ['game']);
    // Not a column a list is matched or ordered by: every list stays (the feed row drops the API's answers).
    await run('feed', { type: 'EditStockItem', data: { changes: { ebayListingId: '110554433221' } } });
    await runner.waitUntilCaughtUp(20_000);
    expect(await kept()).toEqual(['another title', 'its new title', 'its title', 'its title, games only']);
    await run('feed', { type: 'EditStockItem', data: { changes: { mainDescription: 'Renamed Quarterly #1' } } });
    await runner.waitUntilCaughtUp(20_000);
    expect(await kept()).toEqual(['another title', 'its title, games only']);
    await run('other', {
      type: 'AddStockItem',
      data: { stockItemId: 'other', item: toStockItemFields({ ...listed, comicId: 'OTHER1', mainDescription: 'Otherwatch #1' }, null) },
    });
    await runner.waitUntilCaughtUp(20_000);
    expect(await kept()).toEqual(['its title, games only']);
    await keep('another title', 'otherwatch:*', '%otherwatch%');
    await keep('its new title', 'renamed:*', '%renamed%');
    await run('other', { type: 'DeleteStockItem', data: {} });
    await runner.waitUntilCaughtUp(20_000);
    expect(await kept()).toEqual(['its new title', 'its title, games only']);
    await sql`delete from catalogue_lists`.execute(tdb.db);
  });

  it(`move the structure when one statement moves more than ${SCOPED_MOVES_AT_MOST} items`, async () => {
    const copied = await copiedColumns();
    let before = await structure();
    const after = await lastSeq();
    await sql`insert into stock_items (stock_item_id, ${copied})
      select 'bulk-' || g, ${copied} from stock_items, generate_series(1, ${SCOPED_MOVES_AT_MOST + 1}) g
      where stock_item_id = 'feed'`.execute(tdb.db);
    expect(await structure()).toBeGreaterThan(before);
    before = await structure();
    await sql`update stock_items set pnp = pnp + 1 where stock_item_id like 'bulk-%'`.execute(tdb.db);
    expect(await structure()).toBeGreaterThan(before);
    before = await structure();
    await sql`delete from stock_items where stock_item_id like 'bulk-%'`.execute(tdb.db);
    expect(await structure()).toBeGreaterThan(before);
    expect(await movedSince(after)).toEqual([]);
  });

  it('keep a list whose item sold out, counting one fewer and naming it gone (a page read passes over it)', async () => {
    await run('lists', { type: 'AddStockItem', data: { stockItemId: 'lists', item: toStockItemFields(listed, null) } });
    await runner.waitUntilCaughtUp(20_000);
    await sql`insert into catalogue_lists (key, structure, total, ids, matches, item_types, words)
      select 'names it', structure, 3, array['other-1', 'lists', 'other-2'], to_tsquery('simple', 'listwatch:*'), '{comic}', '{listwatch}'
      from catalogue_versions`.execute(tdb.db);
    await run('lists', { type: 'HoldStock', data: { orderId: 'l1', quantity: 1 } });
    await run('lists', { type: 'HoldStock', data: { orderId: 'l2', quantity: 1 } });
    await runner.waitUntilCaughtUp(20_000);
    const { rows } = await sql<{ available: number }>`select available from stock_items where stock_item_id = 'lists'`.execute(tdb.db);
    expect(rows[0]!.available).toBe(0);
    expect(await kept()).toEqual(['names it']);
    const lists = async () => (await sql<{ total: number; gone: string[] }>`select total, gone from catalogue_lists`.execute(tdb.db)).rows;
    expect(await lists()).toEqual([{ total: 2, gone: ['lists'] }]);
    await run('lists', { type: 'ReleaseHold', data: { orderId: 'l2' } });
    await runner.waitUntilCaughtUp(20_000);
    expect(await lists()).toEqual([{ total: 3, gone: [] }]);
    await run('lists', { type: 'HoldStock', data: { orderId: 'l3', quantity: 1 } });
    await runner.waitUntilCaughtUp(20_000);
    expect(await lists()).toEqual([{ total: 2, gone: ['lists'] }]);
    await sql`delete from catalogue_lists`.execute(tdb.db);
  });

  it('read no kept list when stock moves but nothing comes back in stock or changes a listed column', async () => {
    await keep('a list', 'feedwatch:*', '%feedwatch%');
    const sale = sql`update stock_items set sales_quantity = sales_quantity + 1, sales_value = sales_value + 500 where stock_item_id = 'lists'`;
    const backInStock = sql`update stock_items set available = 1 where stock_item_id = 'lists'`;
    const renamed = sql`update stock_items set main_description = 'Listwatch Renamed #1' where stock_item_id = 'lists'`;
    expect((await listReadsBy(sale)).scans).toBe(0);
    expect((await listReadsBy(backInStock)).scans).toBeGreaterThan(0);
    expect((await listReadsBy(renamed)).scans).toBeGreaterThan(0);
    await sql`delete from catalogue_lists`.execute(tdb.db);
  });

  it('find the kept lists a stock change could reach by their words, reading no other', async () => {
    await sql`insert into catalogue_lists (key, structure, total, ids, matches, run_together, item_types, words)
      select 'unrelated ' || g, structure, 0, '{}', to_tsquery('simple', 'unrelated' || g || ':*'), '%unrelated' || g || '%', '{comic}', '{}'
      from catalogue_versions, generate_series(1, 3000) g`.execute(tdb.db);
    await keep('its title', 'listwatch:*', '%listwatch%');
    await sql`analyze catalogue_lists`.execute(tdb.db);
    const backInStock = sql`update stock_items set available = 1 where stock_item_id = 'lists'`;
    const renamed = sql`update stock_items set main_description = 'Listwatch Renamed #1' where stock_item_id = 'lists'`;
    for (const change of [backInStock, renamed]) {
      const { scans, rows } = await listReadsBy(change);
      expect(scans).toBeGreaterThan(0);
      expect(rows).toBeLessThan(10);
    }
    await sql`delete from catalogue_lists`.execute(tdb.db);
  });

  it('give every kept list a key of each item it matches: the words narrow the lists read, never miss one', async () => {
    const titles = [
      ['keys-1', 'The Amazing Spider-Man #1', "Denny O'Neil"],
      ['keys-2', 'Spider-Man 2099 #3', 'Peter David'],
      ['keys-3', 'X-Men: Red #3', 'Jonathan Hickman'],
      ['keys-4', 'Absolute Batman #1', 'Scott Snyder'],
      ['keys-5', '20th Century Boys Vol 1', 'Naoki Urasawa'],
      ['keys-6', "O'Neil's Green Lantern", 'Neal Adams'],
    ];
    const copied = await copiedColumns();
    for (const [id, title, writer] of titles) {
      await sql`insert into stock_items (stock_item_id, ${copied}) select ${id}, ${copied} from stock_items where stock_item_id = 'feed'`.execute(
        tdb.db,
      );
      await sql`update stock_items set main_description = ${title}, writer = ${writer}, available = 1 where stock_item_id = ${id}`.execute(
        tdb.db,
      );
    }
    const lists: [string, string, string | null][] = [
      ['spider man', "to_tsquery('simple', 'spider:* & man:*')", '%spiderman%'],
      ['spidr man', "to_tsquery('simple', 'spider:* & man:*') || to_tsquery('simple', 'spidr:* & man:*')", '%spiderman%'],
      ['spiderman', "to_tsquery('simple', 'spiderman:*')", '%spiderman%'],
      ['x-men', "to_tsquery('simple', 'x:* & men:*')", '%xmen%'],
      ['x', "to_tsquery('simple', 'x:*')", '%x%'],
      ["o'neil", "to_tsquery('simple', 'o:* <-> neil:*')", '%oneil%'],
      ['2099', "to_tsquery('simple', '2099:*')", '%2099%'],
      ['century boys', "to_tsquery('simple', 'century:* & boys:*')", '%centuryboys%'],
      ['batman in the title', "to_tsquery('simple', 'batman:*A')", '%batman%'],
      ['no run-together', "to_tsquery('simple', 'hickman:*')", null],
      ['not spider', "to_tsquery('simple', '!spider')", null],
      ['nothing', "to_tsquery('simple', 'zzqx:*')", '%zzqx%'],
    ];
    for (const [key, matches, runTogether] of lists) {
      await sql`insert into catalogue_lists (key, structure, total, ids, matches, run_together, item_types, words)
        select ${key}, structure, 0, '{}', ${sql.raw(matches)}, ${runTogether}, '{comic}', '{}' from catalogue_versions`.execute(tdb.db);
    }
    const pairs = await sql<{ key: string; id: string; shared: boolean }>`
      select l.key, s.stock_item_id as id, l.reach_keys && catalogue_item_keys(s.search_vector, s.search_compact) as shared
      from catalogue_lists l, stock_items s where catalogue_list_matches(l, s) and s.stock_item_id like 'keys-%'`.execute(tdb.db);
    expect(pairs.rows.length).toBeGreaterThan(15);
    expect(pairs.rows.filter((p) => !p.shared)).toEqual([]);
    const keys = async (key: string) =>
      (await sql<{ k: string[] }>`select reach_keys as k from catalogue_lists where key = ${key}`.execute(tdb.db)).rows[0]!.k.sort();
    expect(await keys('spidr man')).toEqual(['t:spide', 'w:man', 'w:spider', 'w:spidr']);
    expect(await keys('x')).toEqual(['*', 'w:x']);
    expect(await keys('not spider')).toEqual(['*']);
    await sql`delete from stock_items where stock_item_id like 'keys-%'`.execute(tdb.db);
    await sql`delete from catalogue_lists`.execute(tdb.db);
  });

  it("count an item sold out or back in stock past a kept list's end, and drop the lists it lands within", async () => {
    const item = stockItemInputSchema.parse({
      comicId: 'PAST1',
      itemType: 'comic',
      mainDescription: 'Pastend Chronicle #5',
      number: 1,
      priceOverride: 500,
    });
    await run('past', { type: 'AddStockItem', data: { stockItemId: 'past', item: toStockItemFields(item, null) } });
    await runner.waitUntilCaughtUp(20_000);
    /** A list of 10 matches that keeps 2 ids, ordered `sort`, whose last kept item has this tier and price. */
    const keepPart = (key: string, sort: string, last: { tier: number | null; price: number | null }, ids = ['a', 'b']) =>
      sql`insert into catalogue_lists (key, structure, total, ids, matches, run_together, item_types, words, sort, starts, title_matches,
          last_tier, last_price, last_sort_title, last_added_position)
        select ${key}, structure, 10, ${ids}::text[], to_tsquery('simple', 'pastend:*'), '%pastend%', '{comic}', '{pastend}', ${sort},
          'pastendz%', to_tsquery('simple', 'pastend:*A'), ${last.tier}::int, ${last.price}::int, 'a', 1
        from catalogue_versions`.execute(tdb.db);
    await keepPart('past the end by price', 'price-asc', { tier: null, price: 100 });
    await keepPart('within by price', 'price-asc', { tier: null, price: 1000 });
    await keepPart('names it', 'price-asc', { tier: null, price: 1000 }, ['a', 'past']);
    await keepPart('past the end by tier', 'relevance', { tier: 0, price: null });
    await keepPart('within by tier', 'relevance', { tier: 2, price: null });
    await keepPart('all its matches', 'price-asc', { tier: null, price: null });
    await keepPart('grade order', 'grade-desc', { tier: null, price: 100 });
    await keep('another term', 'listwatch:*', '%listwatch%');
    const totals = async () =>
      Object.fromEntries(
        (await sql<{ key: string; total: number }>`select key, total from catalogue_lists order by key`.execute(tdb.db)).rows.map((r) => [
          r.key,
          r.total,
        ]),
      );
    const gone = async () =>
      (await sql<{ key: string }>`select key from catalogue_lists where gone = array['past'] order by key`.execute(tdb.db)).rows.map(
        (r) => r.key,
      );

    await run('past', { type: 'HoldStock', data: { orderId: 'p1', quantity: 1 } });
    await runner.waitUntilCaughtUp(20_000);
    // Sold out: uncounted among the ids (a page read passes over it) or past the end; a list it is not in is left.
    expect(await totals()).toEqual({
      'all its matches': 10,
      'another term': 0,
      'grade order': 10,
      'names it': 9,
      'past the end by price': 9,
      'past the end by tier': 9,
      'within by price': 10,
      'within by tier': 10,
    });
    // Only the list whose ids name it knows it gone: past the end, it is only counted.
    expect(await gone()).toEqual(['names it']);

    await run('past', { type: 'ReleaseHold', data: { orderId: 'p1' } });
    await runner.waitUntilCaughtUp(20_000);
    expect(await totals()).toEqual({ 'another term': 0, 'names it': 10, 'past the end by price': 10, 'past the end by tier': 10 });
    expect(await gone()).toEqual([]);

    await run('past', { type: 'EditStockItem', data: { changes: { priceOverride: 600 } } });
    await runner.waitUntilCaughtUp(20_000);
    // A new price moves the item within the lists ordered by price, past the end or not: they go. A
    // relevance order has no price in it: that list keeps its place and total.
    expect(await totals()).toEqual({ 'another term': 0, 'past the end by tier': 10 });

    await run('past', { type: 'EditStockItem', data: { changes: { mainDescription: 'Pastendz Chronicle #5' } } });
    await runner.waitUntilCaughtUp(20_000);
    // Its title now starts with the list's term run together (tier 0, was 1): it could land within it.
    expect(await totals()).toEqual({ 'another term': 0 });
    await sql`delete from catalogue_lists`.execute(tdb.db);
  });

  it('keep the words of titles and creators for correcting typos', async () => {
    const { rows } = await sql<{ word: string }>`select word from search_words order by word`.execute(tdb.db);
    expect(rows.map((r) => r.word)).toEqual(expect.arrayContaining(['feedwatch', 'quarterly', 'ozymandias', 'wordsmith']));
  });
});
