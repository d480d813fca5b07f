import { searchQuerySchema, stockItemDecider } from '@shop/domain/catalogue/index';
import { DEFAULT_SITE_SETTINGS } from '@shop/domain/settings/siteSettings';
import type { ReadModels } from '@shop/projections/schema';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handle } from '../commands/handle.ts';
import { testMetadata } from '../testing/fixtures.ts';
import { addStock } from '../orders/testKit.ts';
import { stockStreamId } from '../orders/streams.ts';
import { createTestApp, type TestApp } from '../testing/testApp.ts';
import { searchStock } from './searchStock.ts';

let t: TestApp;
/** The read models through the test's pool, counting the statements sent. */
let db: Kysely<ReadModels>;
let statements = 0;

const titles = ['Moonwalker Tales #1', 'Moonwalker Tales #2', 'Moonwalker Tales #3', 'Quasar Quest #1', 'Quasar Quest #2'];
let ids: string[] = [];

async function command(id: string, cmd: Parameters<typeof stockItemDecider.decide>[0]) {
  await handle(t.ctx, stockItemDecider, stockStreamId(id), cmd, testMetadata());
}

const query = (q: Record<string, string> = {}) => searchQuerySchema.parse(q);
const search = (term: string, q: Record<string, string> = {}) => searchStock(db, term, query(q), DEFAULT_SITE_SETTINGS);
const titlesOf = (page: { comics: { mainDescription: string }[] }) => page.comics.map((c) => c.mainDescription);
async function counted<T>(run: () => Promise<T>): Promise<{ result: T; statements: number }> {
  const before = statements;
  const result = await run();
  return { result, statements: statements - before };
}
const keptKeys = async () =>
  (await sql<{ key: string; total: number }>`select key, total from catalogue_lists order by key`.execute(t.ctx.db)).rows;

beforeAll(async () => {
  t = await createTestApp({}, { queues: false });
  db = new Kysely<ReadModels>({ dialect: new PostgresDialect({ pool: t.ctx.pool }), log: () => void statements++ });
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
      comics: [expect.objectContaining({ mainDescription: 'Moonwalker Tales #3' })],
      searched: [['moonwalker']],
    });

    const past = await counted(() => search('moonwalker', { limit: '2', page: '9' }));
    expect(past).toEqual({ statements: 1, result: { comics: [], total: 3, searched: [['moonwalker']] } });
  });

  it('keeps a typo under its correction, so the typo too is one statement next time', async () => {
    const first = await search('moonwalkr tales');
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

  it('answers a term with no match from its kept list and a correction that finds none', async () => {
    const first = await search('zzqxv');
    expect(first).toEqual({ comics: [], total: 0, searched: [['zzqxv']] });
    const again = await counted(() => search('zzqxv'));
    expect(again).toEqual({ statements: 2, result: first });
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

  it('computes a kept list again when a page it names sold out, and only then', async () => {
    expect((await search('quasr', { limit: '1' })).total).toBe(2);
    expect(titlesOf(await search('quasr', { limit: '1', page: '2' }))).toEqual(['Quasar Quest #2']);
    await command(ids[3]!, { type: 'HoldStock', data: { orderId: 'the-last-copies', quantity: 3 } });
    await t.settle();

    // Page 2 names only Quasar Quest #2, still in stock: the kept list answers it as it was.
    const untouched = await counted(() => search('quasr', { limit: '1', page: '2' }));
    expect(untouched.statements).toBe(1);
    expect(titlesOf(untouched.result)).toEqual(['Quasar Quest #2']);

    // Page 1 names the item sold out: never shown, never a short page; the list is computed again.
    const first = await search('quasr', { limit: '1' });
    expect(first.total).toBe(1);
    expect(titlesOf(first)).toEqual(['Quasar Quest #2']);
    expect((await keptKeys()).find((k) => k.key.startsWith('quasr|'))?.total).toBe(1);
    expect(await search('quasr', { limit: '1', page: '2' })).toMatchObject({ comics: [], total: 1 });
  });
});
