import { searchQuerySchema, stockItemDecider, stockItemInputSchema, toStockItemFields } from '@shop/domain/catalogue/index';
import { DEFAULT_SITE_SETTINGS } from '@shop/domain/settings/siteSettings';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handle } from '../commands/handle.ts';
import { testMetadata } from '../testing/fixtures.ts';
import { addStock } from '../orders/testKit.ts';
import { stockStreamId } from '../orders/streams.ts';
import { countingStatements } from '../testing/countingStatements.ts';
import { createTestApp, type TestApp } from '../testing/testApp.ts';
import { ITEM_JSON_READ, ItemJson, type ListedItem } from './itemJson.ts';
import { SEARCH_LIST_MAX, searchStock } from './searchStock.ts';

let t: TestApp;
/**
 * The read models through the test's pool, counting the search's statements sent. Each search here
 * lists its items through an `ItemJson` of its own, which keeps nothing (it has read no structure),
 * so the items' JSON is read on every search; that read is not counted (itemJson.test.ts counts it).
 */
let searches: ReturnType<typeof countingStatements>;

const titles = ['Moonwalker Tales #1', 'Moonwalker Tales #2', 'Moonwalker Tales #3', 'Quasar Quest #1', 'Quasar Quest #2'];
let ids: string[] = [];

async function command(id: string, cmd: Parameters<typeof stockItemDecider.decide>[0]) {
  await handle(t.ctx, stockItemDecider, stockStreamId(id), cmd, testMetadata());
}

const query = (q: Record<string, string> = {}) => searchQuerySchema.parse(q);
const search = (term: string, q: Record<string, string> = {}) =>
  searchStock(searches.db, term, query(q), DEFAULT_SITE_SETTINGS, new ItemJson());
/** A listed item's JSON, but its live counts. */
const viewOf = (item: ListedItem) => JSON.parse(`${item.prefix}}`) as { mainDescription: string; price: number };
const titlesOf = (page: { comics: ListedItem[] }) => page.comics.map((c) => viewOf(c).mainDescription);
const counted = <T>(run: () => Promise<T>) => searches.sent(run);
const keptKeys = async () =>
  (await sql<{ key: string; total: number }>`select key, total from catalogue_lists order by key`.execute(t.ctx.db)).rows;

beforeAll(async () => {
  t = await createTestApp({}, { queues: false });
  searches = countingStatements(t.ctx.pool, (sqlText) => !sqlText.includes(ITEM_JSON_READ));
  ids = await Promise.all(titles.map((mainDescription, i) => addStock(t.ctx, { mainDescription, number: 3, price: 500 + i })));
  await t.settle();
});
afterAll(() => t.close());

describe('search over the kept lists', () => {
  it('computes a term once, then answers it in one statement, page by page', async () => {
    const first = await counted(() => search('moonwalker', { limit: '2' }));
    expect(first.result.total).toBe(3);
    expect(titlesOf(first.result)).toEqual(['Moonwalker Tales #1', 'Moonwalker Tales #2']);
    expect(first.statements).toBe(2); // no kept list, then the list computed with the page's items

    const again = await counted(() => search('moonwalker', { limit: '2', page: '2' }));
    expect(again.statements).toBe(1);
    expect(again.result).toEqual({
      total: 3,
      comics: [expect.objectContaining({ prefix: expect.stringContaining('"mainDescription":"Moonwalker Tales #3"') })],
      searched: [['moonwalker']],
      ranked: ['moonwalker'],
      lastTier: 0,
      lastKey: { sortTitle: 'moonwalker tales #00000003', addedPosition: expect.stringMatching(/^\d+$/) },
    });

    const past = await counted(() => search('moonwalker', { limit: '2', page: '9' }));
    expect(past).toEqual({
      statements: 1,
      result: { comics: [], total: 3, searched: [['moonwalker']], ranked: ['moonwalker'], lastTier: null, lastKey: null },
    });
  });

  it('keeps a typo under its correction, so the typo too is one statement next time', async () => {
    // No kept list; the typo's list computed (no match); the correction; no kept list of the
    // correction; the correction's list computed; the copy kept under the typo.
    const { result: first, statements } = await counted(() => search('moonwalkr tales'));
    expect(statements).toBe(6);
    expect(first.total).toBe(3);
    // What an item back in stock is checked against: the typo's words and the correction's.
    expect(first.searched).toEqual([
      ['moonwalkr', 'tales'],
      ['moonwalker', 'tales'],
    ]);
    expect(titlesOf(first)[0]).toBe('Moonwalker Tales #1');
    const kept = await keptKeys();
    const typo = kept.find((k) => k.key.startsWith('moonwalkr tales|'));
    const fixed = kept.find((k) => k.key.startsWith('moonwalker tales|'));
    expect(typo?.total).toBe(3);
    expect(fixed?.total).toBe(3);

    // Next time the typo's kept copy answers, and says whose words it matched.
    const again = await counted(() => search('moonwalkr tales'));
    expect(again.statements).toBe(1);
    expect(again.result).toEqual(first);
  });

  it("drops a typo's kept copy once an item matching the typo itself is added", async () => {
    expect((await search('moonwalker tals')).total).toBe(3);
    expect((await keptKeys()).find((k) => k.key.startsWith('moonwalker tals|'))?.total).toBe(3);
    // Now the typo is a word of the catalogue: the shopper gets what the words find, not the correction.
    await addStock(t.ctx, { mainDescription: 'Moonwalker Tals Special', number: 2, price: 900 });
    await t.settle();
    const exact = await search('moonwalker tals');
    expect(exact).toMatchObject({ total: 1, searched: [['moonwalker', 'tals']] });
    expect(titlesOf(exact)).toEqual(['Moonwalker Tals Special']);
  });

  it("says how its list ranks the page's last item, computed or read from the kept list, a typo's too", async () => {
    // By relevance: the title run together starts with the term (0), contains it (1), the comic id (2), the variant (3).
    const ranked = [
      { mainDescription: 'Nebulon Tales #1', comicId: 'NEB1' },
      { mainDescription: 'The Nebulon Saga', comicId: 'NEB2' },
      { mainDescription: 'Orbit Annual', comicId: 'NEBULON9' },
      { mainDescription: 'Star Atlas', comicId: 'NEB4', variantDescription: 'Nebulon Cover' },
    ];
    for (const [i, item] of ranked.entries()) {
      const input = stockItemInputSchema.parse({ ...item, itemType: 'comic', number: 2 });
      await command(`tier-${i}`, { type: 'AddStockItem', data: { stockItemId: `tier-${i}`, item: toStockItemFields(input, null) } });
    }
    await t.settle();
    const pages = async (term: string) => {
      const found = [];
      for (const page of [1, 2, 3, 4]) found.push(await search(term, { limit: '1', page: String(page) }));
      return found.map((p) => ({ title: titlesOf(p)[0], tier: p.lastTier, sortTitle: p.lastKey?.sortTitle }));
    };
    const computed = await pages('nebulon');
    expect(computed).toEqual(ranked.map((item, tier) => ({ title: item.mainDescription, tier, sortTitle: expect.any(String) })));
    expect(await pages('nebulon')).toEqual(computed);
    // A typo's list, computed and then its kept copy, ranks by its correction's words (its own would say 3).
    expect((await search('nebulom', { limit: '1' })).lastTier).toBe(0);
    expect((await search('nebulom', { limit: '1' })).lastTier).toBe(0);
  });

  it('answers a term with no match from its kept list and a correction that finds none', async () => {
    const first = await search('zzqxv');
    expect(first).toEqual({ comics: [], total: 0, searched: [['zzqxv']], ranked: ['zzqxv'], lastTier: null, lastKey: null });
    const again = await counted(() => search('zzqxv'));
    expect(again).toEqual({ statements: 2, result: first });
  });

  it('corrects a typo asked for past the kept lists', async () => {
    // The three Moonwalker Tales and the Moonwalker Tals Special added above.
    const past = await search('moonwalkr', { limit: '60', page: '35' });
    expect(past).toMatchObject({ comics: [], total: 4, searched: [['moonwalkr'], ['moonwalker']] });
  });

  it('corrects a typo whose kept list a concurrent search left empty', async () => {
    expect((await search('moonwalkr talez')).total).toBe(3);
    // Two searches of one typo at once: the later one's exact list (no match) is kept over the copy.
    await sql`update catalogue_lists set total = 0, ids = '{}' where key like 'moonwalkr talez|%'`.execute(t.ctx.db);
    const healed = await search('moonwalkr talez');
    expect(healed.total).toBe(3);
    expect(titlesOf(healed)[0]).toBe('Moonwalker Tales #1');
    expect((await keptKeys()).find((k) => k.key.startsWith('moonwalkr talez|'))?.total).toBe(3);
  });

  it('passes over an item sold out since its list was kept, and counts it out and back in, never computing the list again', async () => {
    expect((await search('quasr', { limit: '1' })).total).toBe(2);
    expect(titlesOf(await search('quasr', { limit: '1', page: '2' }))).toEqual(['Quasar Quest #2']);
    await command(ids[3]!, { type: 'HoldStock', data: { orderId: 'the-last-copies', quantity: 3 } });
    await t.settle();

    // Quasar Quest #1 sold out: never shown, never a short page, the item after it in its place.
    const first = await counted(() => search('quasr', { limit: '1' }));
    expect(first.statements).toBe(1);
    expect(first.result).toMatchObject({ total: 1 });
    expect(titlesOf(first.result)).toEqual(['Quasar Quest #2']);
    expect(await search('quasr', { limit: '1', page: '2' })).toMatchObject({ comics: [], total: 1 });
    expect((await keptKeys()).filter((k) => k.key.startsWith('qua'))).toEqual([
      expect.objectContaining({ total: 1 }),
      expect.objectContaining({ total: 1 }),
    ]);

    await command(ids[3]!, { type: 'ReleaseHold', data: { orderId: 'the-last-copies' } });
    await t.settle();
    const back = await counted(() => search('quasr', { limit: '1' }));
    expect(back.statements).toBe(1);
    expect(back.result.total).toBe(2);
    expect(titlesOf(back.result)).toEqual(['Quasar Quest #1']);
    expect(titlesOf(await search('quasr', { limit: '1', page: '2' }))).toEqual(['Quasar Quest #2']);
  });

  it('keeps a relevance list through a repricing, showing the new price at once; a price order computes its list again', async () => {
    const prices = (page: { comics: ListedItem[] }) => page.comics.map((c) => [viewOf(c).mainDescription, viewOf(c).price]);
    expect(prices(await search('moonwalker tales'))).toEqual([
      ['Moonwalker Tales #1', 500],
      ['Moonwalker Tales #2', 501],
      ['Moonwalker Tales #3', 502],
    ]);
    await search('moonwalker tales', { sort: 'price-desc' });
    await command(ids[0]!, { type: 'EditStockItem', data: { changes: { priceOverride: 990 } } });
    await t.settle();

    const relevance = await counted(() => search('moonwalker tales'));
    expect(relevance.statements).toBe(1);
    expect(prices(relevance.result)).toEqual([
      ['Moonwalker Tales #1', 990],
      ['Moonwalker Tales #2', 501],
      ['Moonwalker Tales #3', 502],
    ]);
    const byPrice = await counted(() => search('moonwalker tales', { sort: 'price-desc' }));
    expect(byPrice.statements).toBe(2);
    expect(prices(byPrice.result)[0]).toEqual(['Moonwalker Tales #1', 990]);
    await command(ids[0]!, { type: 'EditStockItem', data: { changes: { priceOverride: 500 } } });
    await t.settle();
  });

  it('computes the list again when an item on its page sold out without the list naming it gone', async () => {
    await command(ids[3]!, { type: 'HoldStock', data: { orderId: 'the-last-copies-again', quantity: 3 } });
    await t.settle();
    const gone = async () =>
      (await sql<{ gone: string[] }>`select gone from catalogue_lists where key like 'quasar|%'`.execute(t.ctx.db)).rows;
    expect(await gone()).toEqual([{ gone: [ids[3]] }]);
    // As if it sold out while the list was being read: the list's ids name it, its gone do not.
    await sql`update catalogue_lists set gone = '{}', total = 2 where key like 'quasar|%'`.execute(t.ctx.db);
    const refilled = await counted(() => search('quasar', { limit: '1' }));
    expect(refilled.statements).toBe(2);
    expect(refilled.result.total).toBe(1);
    expect(titlesOf(refilled.result)).toEqual(['Quasar Quest #2']);
    expect(await gone()).toEqual([{ gone: [] }]);
    await command(ids[3]!, { type: 'ReleaseHold', data: { orderId: 'the-last-copies-again' } });
    await t.settle();
    expect((await search('quasar', { limit: '1' })).total).toBe(2);
  });

  it(`keeps where its kept ids end when it keeps fewer than its matches, so an item back in stock past that only counts`, async () => {
    const { rows } = await sql<{ column_name: string }>`
      select column_name from information_schema.columns
      where table_schema = current_schema() and table_name = 'stock_items' and is_generated = 'NEVER'
        and column_name not in ('stock_item_id', 'comic_id', 'main_description', 'sort_title', 'added_position', 'batch_date')`.execute(
      t.ctx.db,
    );
    const copied = sql.raw(rows.map((r) => r.column_name).join(', '));
    const many = SEARCH_LIST_MAX + 10;
    // Copies of one item (one statement: it moves the structure), titled in order, in one batch's week.
    await sql`
      insert into stock_items (stock_item_id, comic_id, main_description, sort_title, added_position, batch_date, ${copied})
      select 'zephyr-' || g, 'ZEPH' || g, 'Zephyr Saga #' || g, 'zephyr saga ' || lpad(g::text, 5, '0'), 1000000 + g,
        '2026-11-25T00:00:00Z', ${copied}
      from stock_items, generate_series(1, ${many}) g where stock_item_id = ${ids[0]!}`.execute(t.ctx.db);
    const found = await search('zephyr');
    expect(found.total).toBe(many);
    const list = async () =>
      (
        await sql<{ total: number; kept: number; last_tier: number; last_sort_title: string; sort: string }>`
          select total, cardinality(ids) as kept, last_tier, last_sort_title, sort from catalogue_lists where key like 'zephyr|%'`.execute(
          t.ctx.db,
        )
      ).rows;
    expect(await list()).toEqual([
      {
        total: many,
        kept: SEARCH_LIST_MAX,
        last_tier: 0,
        last_sort_title: `zephyr saga ${String(SEARCH_LIST_MAX).padStart(5, '0')}`,
        sort: 'relevance',
      },
    ]);

    const stock = (id: string, available: number) =>
      sql`update stock_items set available = ${available} where stock_item_id = ${id}`.execute(t.ctx.db);
    await stock(`zephyr-${many}`, 0);
    expect((await list())[0]?.total).toBe(many - 1);
    await stock(`zephyr-${many}`, 3);
    expect((await list())[0]?.total).toBe(many);
    expect(
      (await search('zephyr', { limit: '10', page: String(SEARCH_LIST_MAX / 10 + 1) })).comics.map((c) => viewOf(c).mainDescription),
    ).toContain(`Zephyr Saga #${many}`);

    // Within the kept ids: passed over while sold out, in its place again once back.
    await stock('zephyr-5', 0);
    expect((await list())[0]?.total).toBe(many - 1);
    const passedOver = await counted(() => search('zephyr', { limit: '5' }));
    expect(passedOver.statements).toBe(1);
    expect(titlesOf(passedOver.result)).toEqual([1, 2, 3, 4, 6].map((n) => `Zephyr Saga #${n}`));
    await stock('zephyr-5', 3);
    expect((await list())[0]?.total).toBe(many);
    expect(titlesOf(await search('zephyr', { limit: '5' }))).toContain('Zephyr Saga #5');

    // Back in stock within the ids but not among them (it was sold out when the list was kept): the list goes.
    await stock('zephyr-7', 0);
    await sql`update catalogue_lists set ids = array_remove(ids, 'zephyr-7') where key like 'zephyr|%'`.execute(t.ctx.db);
    await stock('zephyr-7', 3);
    expect(await list()).toEqual([]);
    expect((await search('zephyr')).total).toBe(many);

    // With one of its ids sold out, the last kept page reaches an item past them: computed again, so none is missed.
    await stock('zephyr-5', 0);
    const lastPage = await counted(() => search('zephyr', { limit: '10', page: String(SEARCH_LIST_MAX / 10) }));
    expect(lastPage.statements).toBe(2);
    expect(titlesOf(lastPage.result).at(-1)).toBe(`Zephyr Saga #${SEARCH_LIST_MAX + 1}`);
    expect((await list())[0]).toMatchObject({ total: many - 1, kept: SEARCH_LIST_MAX });
  });
});
