import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/testDatabase.ts';
import { openDatabase, type Database } from './database.ts';
import { PREPARED } from './preparedStatements.ts';

let tdb: TestDatabase;
/** One connection, so every statement below runs on it. */
let one: Database;

beforeAll(async () => {
  tdb = await createTestDatabase();
  one = openDatabase(tdb.url, 1);
});
afterAll(async () => {
  await one.close();
  await tdb.drop();
});

const prepared = async () =>
  (await sql<{ statement: string }>`select statement from pg_prepared_statements order by statement`.execute(one.db)).rows.map(
    (r) => r.statement,
  );

describe('prepared statements', () => {
  it('sends a statement marked PREPARED as a named prepared statement, once per connection, and others as they are', async () => {
    const marked = (n: number) => sql<{ n: number }>`${sql.raw(PREPARED)} select ${n}::int + 1 as n`.execute(one.db);
    expect((await marked(1)).rows).toEqual([{ n: 2 }]);
    expect((await marked(41)).rows).toEqual([{ n: 42 }]);
    await sql`select 1 as unmarked`.execute(one.db);
    expect(await prepared()).toEqual([`${PREPARED} select $1::int + 1 as n`]);
  });

  it('keeps two marked texts apart', async () => {
    const other = await sql<{ s: string }>`${sql.raw(PREPARED)} select ${'a'}::text || 'b' as s`.execute(one.db);
    expect(other.rows).toEqual([{ s: 'ab' }]);
    expect(await prepared()).toHaveLength(2);
    expect((await sql<{ n: number }>`${sql.raw(PREPARED)} select ${7}::int + 1 as n`.execute(one.db)).rows).toEqual([{ n: 8 }]);
  });

  it('runs marked statements inside a transaction on its connection', async () => {
    const n = await one.db.transaction().execute(async (trx) => {
      return (await sql<{ n: number }>`${sql.raw(PREPARED)} select ${2}::int + 1 as n`.execute(trx)).rows[0]!.n;
    });
    expect(n).toBe(3);
  });
});
