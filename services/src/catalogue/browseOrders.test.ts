import { browseQuerySchema } from '@shop/domain/catalogue/index';
import { DEFAULT_SITE_SETTINGS } from '@shop/domain/settings/siteSettings';
import type { ReadModels } from '@shop/projections/schema';
import { Kysely, PostgresDialect, type CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/testDatabase.ts';
import { browseStock } from './catalogueQueries.ts';
import { ItemJson } from './itemJson.ts';

let tdb: TestDatabase;
/** The read models through the test's pool, keeping the last statement sent. */
let db: Kysely<ReadModels>;
let last: CompiledQuery | null = null;

beforeAll(async () => {
  tdb = await createTestDatabase();
  db = new Kysely<ReadModels>({
    dialect: new PostgresDialect({ pool: tdb.pool }),
    log: (event) => void (last = event.query),
  });
});
afterAll(() => tdb.drop());

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}
const nodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodes)];

/** The plan of the browse page's statement with sorting made as dear as PostgreSQL allows: an index giving the order is taken if there is one. */
async function planOf(query: Record<string, unknown>): Promise<PlanNode[]> {
  await browseStock(db, browseQuerySchema.parse(query), DEFAULT_SITE_SETTINGS, new ItemJson());
  const statement = last!;
  const client = await tdb.pool.connect();
  try {
    await client.query('begin');
    await client.query('set local enable_sort = off');
    const { rows } = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(`explain (format json) ${statement.sql}`, [
      ...statement.parameters,
    ]);
    return nodes(rows[0]!['QUERY PLAN'][0].Plan);
  } finally {
    await client.query('rollback');
    client.release();
  }
}

describe('browse orders', () => {
  it.each([
    ['back issues', { itemType: 'comic', periodType: 'back-issue' }],
    ['back issues graded 9.0 and up', { itemType: 'comic', periodType: 'back-issue', gradeMin: 9 }],
    ['new comics', { itemType: 'comic', periodType: 'new' }],
  ])('read a page of %s in every order from an index, never sorting the mode', async (_, mode) => {
    for (const sort of ['relevance', 'newest', 'price-asc', 'price-desc', 'grade-desc']) {
      const plan = await planOf({ ...mode, sort, page: 3, limit: 30 });
      const window = plan.find((n) => n['Node Type'] === 'WindowAgg');
      expect(window, sort).toBeDefined();
      // The page's rows come ordered from the index; the one sort left orders the page's 30 rows.
      expect(
        nodes(window!).map((n) => n['Node Type']),
        sort,
      ).not.toContain('Sort');
      expect(
        nodes(window!).some((n) => n['Index Name']?.startsWith('stock_items_browse')),
        sort,
      ).toBe(true);
    }
  });
});
