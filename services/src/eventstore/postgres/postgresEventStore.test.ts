import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, testEvent, testMetadata } from '../../testing/fixtures.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/testDatabase.ts';
import { assertTransactionIdsSane, PostgresEventStore, RestoredDatabaseError } from './postgresEventStore.ts';

let tdb: TestDatabase;
let store: PostgresEventStore;
beforeAll(async () => {
  tdb = await createTestDatabase();
  store = new PostgresEventStore(tdb.pool, tdb.url);
});
afterAll(async () => {
  await store.close();
  await tdb.drop();
});

/** Appends inside an explicit transaction we commit when we choose, through the same SQL function. */
async function openTransactionAppend(streamId: string, type: string) {
  const client = new pg.Client({ connectionString: tdb.url });
  await client.connect();
  await client.query('begin');
  const { rows } = await client.query<{ global_positions: string[] }>(
    `select * from es_append($1, 'late', 1::smallint, 0, array[gen_random_uuid()], array[$2], array[1], array['{}'::jsonb], array[$3::jsonb])`,
    [streamId, type, JSON.stringify(testMetadata())],
  );
  return {
    globalPosition: BigInt(rows[0]!.global_positions[0]!),
    commit: async () => (await client.query('commit'), await client.end()),
  };
}

describe('postgres event store ordering', () => {
  it('delivers an event committed late, in commit-safe order, none skipped and none twice', async () => {
    const checkpoint = await store.headPosition();
    const a = await openTransactionAppend('late-a', 'A');
    const b = await openTransactionAppend('late-b', 'B');
    expect(a.globalPosition).toBeLessThan(b.globalPosition);
    await b.commit();

    // B is committed but A, with the lower position, is not: a reader must not move past A yet.
    const early = await store.readAll({ after: checkpoint, limit: 100 });
    expect(early.events.map((e) => e.type)).toEqual([]);
    const resumeFrom = early.next;

    await a.commit();
    const later = await eventually(
      () => store.readAll({ after: resumeFrom, limit: 100 }),
      (r) => r.events.length >= 2,
    );
    expect(later.events.map((e) => e.type)).toEqual(['A', 'B']);
    const again = await store.readAll({ after: later.next, limit: 100 });
    expect(again.events).toEqual([]);
  });

  it('is not held back by a transaction running in another database', async () => {
    const other = await createTestDatabase();
    const client = new pg.Client({ connectionString: other.url });
    await client.connect();
    try {
      // A long writer elsewhere on the server (it has a transaction id, like a rebuild or a report).
      await client.query('begin');
      await client.query('select pg_current_xact_id()');
      const checkpoint = await store.headPosition();
      await store.appendMany([
        {
          streamId: 'elsewhere-1',
          streamType: 'late',
          events: [{ eventId: crypto.randomUUID(), type: 'C', data: {}, metadata: testMetadata() }],
          expected: 'no_stream',
        },
      ]);
      const read = await eventually(
        () => store.readAll({ after: checkpoint, limit: 100 }),
        (r) => r.events.length >= 1,
      );
      expect(read.events.map((e) => e.type)).toEqual(['C']);
      expect(await store.countAfter(checkpoint)).toBe(1);
    } finally {
      await client.query('rollback').catch(() => undefined);
      await client.end();
      await other.drop();
    }
  });

  it('orders by transaction id as a number, not as text (99 before 100)', async () => {
    const checkpoint = await store.headPosition();
    const client = new pg.Client({ connectionString: tdb.url });
    await client.connect();
    // Imitate two old transactions; both sort before anything appended in this test run.
    await client.query(`delete from events where stream_id like 'numeric-%'`);
    await client.query(
      `insert into events (transaction_id, global_position, stream_id, stream_position, event_id, event_type, data, metadata) values
       ('100'::xid8, 1000000, 'numeric-b', 1, gen_random_uuid(), 'Second', '{}', '{}'),
       ('99'::xid8, 1000001, 'numeric-a', 1, gen_random_uuid(), 'First', '{}', '{}')`,
    );
    await client.end();
    const { events } = await store.readAll({ after: null, limit: 2 });
    expect(events.map((e) => e.type)).toEqual(['First', 'Second']);
    expect(checkpoint === null || checkpoint.transactionId > 100n).toBe(true);
    await tdb.pool.query(`delete from events where stream_id like 'numeric-%'`);
  });

  it('reads only the wanted types, and moves past unwanted events at the end of a read', async () => {
    const checkpoint = await store.headPosition();
    for (const [i, type] of ['Kept', 'Other', 'Kept', 'Other', 'Other'].entries()) {
      await store.append(`typed-${i}`, 'typed', [testEvent(type, { i })], 'no_stream');
    }
    const all = await store.readAll({ after: checkpoint, limit: 100 });
    expect(all.events.map((e) => e.type)).toEqual(['Kept', 'Other', 'Kept', 'Other', 'Other']);
    const typed = await store.readAll({ after: checkpoint, limit: 100, types: ['Kept'] });
    expect(typed.events).toEqual(all.events.filter((e) => e.type === 'Kept'));
    expect(typed.next).toEqual(all.next);

    const first = await store.readAll({ after: checkpoint, limit: 3, types: ['Kept'] });
    expect(first.events.map((e) => (e.data as { i: number }).i)).toEqual([0, 2]);
    expect(first.next).toEqual(all.events[2]!.position);
    const unwanted = await store.readAll({ after: first.next, limit: 2, types: ['Kept'] });
    expect(unwanted.events).toEqual([]);
    expect(unwanted.next).toEqual(all.events[4]!.position);
    const none = await store.readAll({ after: unwanted.next, limit: 2, types: ['Kept'] });
    expect(none).toEqual({ events: [], next: unwanted.next });
  });

  it('appends many events in one call, atomically, with consecutive stream positions', async () => {
    const events = Array.from({ length: 50 }, (_, i) => ({ type: 'N', data: { i }, metadata: testMetadata() }));
    const result = await store.append('batch-1', 'batch', events, 'no_stream');
    expect(result.nextVersion).toBe(50);
    const read = await store.readStream('batch-1');
    expect(read.map((e) => e.streamPosition)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  });
});

describe('postgres multi-stream appends', () => {
  const ev = (type: string) => ({ type, data: {}, metadata: testMetadata() });

  it('writes nothing in any stream when one of them moved, all in one transaction', async () => {
    await store.append('many-b', 'many', [ev('B0')], 'no_stream');
    await expect(
      store.appendMany([
        { streamId: 'many-a', streamType: 'many', events: [ev('A1')], expected: 'no_stream' },
        { streamId: 'many-b', streamType: 'many', events: [ev('B1')], expected: 0 },
        { streamId: 'many-c', streamType: 'many', events: [ev('C1')], expected: 'any' },
      ]),
    ).rejects.toMatchObject({ name: 'ConcurrencyError', streamId: 'many-b' });
    const read = await store.readStreams(['many-a', 'many-b', 'many-c']);
    expect([...read.values()].map((events) => events.length)).toEqual([0, 1, 0]);
    const results = await store.appendMany([
      { streamId: 'many-c', streamType: 'many', events: [ev('C1')], expected: 'no_stream' },
      { streamId: 'many-b', streamType: 'many', events: [ev('B1')], expected: 1 },
    ]);
    const [c, b] = results;
    expect(c!.position.transactionId).toBe(b!.position.transactionId);
  });

  it('never deadlocks when appends name the same streams in opposite orders', async () => {
    const ids = ['dl-x', 'dl-y', 'dl-z'];
    for (const id of ids) await store.append(id, 'dl', [ev('Opened')], 'no_stream');
    const forward = ids.map((streamId) => ({ streamId, streamType: 'dl', events: [ev('F')], expected: 'any' as const }));
    const attempts = Array.from({ length: 40 }, (_, i) => store.appendMany(i % 2 ? forward : [...forward].reverse()));
    await Promise.all(attempts);
    const read = await store.readStreams(ids);
    expect([...read.values()].map((events) => events.length)).toEqual([41, 41, 41]);
  });

  it('keeps its connection when an append is refused (no new backend per conflict)', async () => {
    const single = new pg.Pool({ connectionString: tdb.url, max: 1 });
    const oneConnection = new PostgresEventStore(single);
    try {
      const backend = async () => (await single.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
      await oneConnection.append('kept-a', 'kept', [ev('A0')], 'no_stream');
      const before = await backend();
      await expect(oneConnection.append('kept-a', 'kept', [ev('A1')], 'no_stream')).rejects.toMatchObject({ name: 'ConcurrencyError' });
      await expect(
        oneConnection.appendMany([
          { streamId: 'kept-a', streamType: 'kept', events: [ev('A1')], expected: 0 },
          { streamId: 'kept-b', streamType: 'kept', events: [ev('B0')], expected: 'no_stream' },
        ]),
      ).rejects.toMatchObject({ name: 'ConcurrencyError', streamId: 'kept-a' });
      expect(await backend()).toBe(before);
    } finally {
      await oneConnection.close();
      await single.end();
    }
  });

  it('refuses the same stream twice in one call', async () => {
    await expect(
      store.appendMany([
        { streamId: 'twice', streamType: 'many', events: [ev('A')], expected: 'any' },
        { streamId: 'twice', streamType: 'many', events: [ev('B')], expected: 'any' },
      ]),
    ).rejects.toThrow(/twice/);
  });
});

describe('restored-database guard', () => {
  it('passes on a healthy store', async () => {
    await expect(assertTransactionIdsSane(tdb.pool)).resolves.toBeUndefined();
  });

  it('refuses to start when stored transaction ids are ahead of the server', async () => {
    const client = new pg.Client({ connectionString: tdb.url });
    await client.connect();
    await client.query(`begin`);
    await client.query(
      `insert into events (transaction_id, stream_id, stream_position, event_id, event_type, data, metadata)
       values ('999999999999'::xid8, 'restored-1', 1, gen_random_uuid(), 'X', '{}', '{}')`,
    );
    try {
      const err = await assertTransactionIdsSane({ query: client.query.bind(client) } as unknown as pg.Pool).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(RestoredDatabaseError);
      expect((err as Error).message).toMatch(/restored from a logical dump/);
    } finally {
      await client.query('rollback');
      await client.end();
    }
  });
});

describe('the count of the whole log', () => {
  const appendCommitted = (streamId: string) =>
    store.append(streamId, 'counted', [{ type: 'Counted', data: {}, metadata: testMetadata() }], 'no_stream');
  const countAll = async () => Number((await tdb.pool.query<{ n: string }>('select count(*) as n from events')).rows[0]!.n);

  it('matches a full count, and counts an event whose older transaction commits after a later one', async () => {
    const counting = new PostgresEventStore(tdb.pool, tdb.url);
    try {
      expect(await counting.countAfter(null)).toBe(await countAll());
      const late = await openTransactionAppend('count-late', 'Late');
      await appendCommitted('count-after-1');
      const before = await counting.countAfter(null);
      expect(before).toBe(await countAll());
      await appendCommitted('count-after-2');
      expect(await counting.countAfter(null)).toBe(before + 1);
      // The late transaction began before both appends: its event sorts below them when it commits.
      await late.commit();
      expect(await counting.countAfter(null)).toBe(before + 2);
      expect(await counting.countAfter(null)).toBe(await countAll());
      const together = await Promise.all([counting.countAfter(null), appendCommitted('count-after-3'), counting.countAfter(null)]);
      expect(together[2]).toBeGreaterThanOrEqual(together[0]);
      expect(await counting.countAfter(null)).toBe(await countAll());
    } finally {
      await counting.close();
    }
  });
});
