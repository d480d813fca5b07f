import { afterAll, beforeAll, expect, it } from 'vitest';
import { allProjectors } from '@shop/projections/index';
import { eventually, testEvent } from '../../testing/fixtures.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/testDatabase.ts';
import { assertTransactionIdsSane, PostgresEventStore, RestoredDatabaseError } from './postgresEventStore.ts';
import { renumberTransactionIds } from './renumber.ts';

let tdb: TestDatabase;
let store: PostgresEventStore;
beforeAll(async () => {
  tdb = await createTestDatabase();
  store = new PostgresEventStore(tdb.pool, tdb.url);
});
afterAll(async () => (await store.close(), await tdb.drop()));

it('recovers a restored database: order kept, guard passes, new events sort after, read models reset', async () => {
  await store.append('r-1', 'r', [testEvent('One'), testEvent('Two')], 'no_stream');
  // Imitate a restore: the stored ids are far ahead of this server's counter.
  await tdb.pool.query(`update events set transaction_id = (transaction_id::text::bigint + 10000000000)::text::xid8`);
  await tdb.pool.query(`insert into projection_checkpoints (projector, position) values ('audit', '10000000001:2')`);
  await expect(assertTransactionIdsSane(tdb.pool)).rejects.toBeInstanceOf(RestoredDatabaseError);

  expect(await renumberTransactionIds(tdb.db, allProjectors)).toBe(2);
  await expect(assertTransactionIdsSane(tdb.pool)).resolves.toBeUndefined();
  await store.append('r-1', 'r', [testEvent('Three')], 2);
  const { events } = await eventually(
    () => store.readAll({ after: null, limit: 10 }),
    (r) => r.events.length === 3,
  );
  expect(events.map((e) => e.type)).toEqual(['One', 'Two', 'Three']);
  expect(await tdb.db.selectFrom('projection_checkpoints').selectAll().execute()).toEqual([]);
});
