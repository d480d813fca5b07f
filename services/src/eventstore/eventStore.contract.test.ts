import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, testEvent, uniqueStream } from '../testing/fixtures.ts';
import { createTestDatabase, type TestDatabase } from '../testing/testDatabase.ts';
import { KurrentEventStore } from './kurrent/kurrentEventStore.ts';
import { PostgresEventStore } from './postgres/postgresEventStore.ts';
import { ConcurrencyError, comparePositions, type EventStore } from './types.ts';

interface Target {
  name: string;
  skip: string | null;
  setup(): Promise<{ store: EventStore; teardown(): Promise<void> }>;
}

function dockerAnswers(): boolean {
  try {
    execFileSync('docker', ['info'], { stdio: 'ignore', timeout: 5000 });
    return true;
  } catch {
    return false;
  }
}

const postgres: Target = {
  name: 'postgres',
  skip: null,
  async setup() {
    const tdb: TestDatabase = await createTestDatabase();
    const store = new PostgresEventStore(tdb.pool, tdb.url);
    return { store, teardown: async () => (await store.close(), await tdb.drop()) };
  },
};

const esdbUrl = process.env.EVENTSTORE_URL;
const useDocker = !esdbUrl && dockerAnswers();
const eventstoredb: Target = {
  name: 'eventstoredb',
  skip: esdbUrl || useDocker ? null : 'skipped: EVENTSTORE_URL is not set and no Docker engine answers',
  async setup() {
    if (esdbUrl) {
      const store = new KurrentEventStore(esdbUrl);
      return { store, teardown: () => store.close() };
    }
    const { GenericContainer, Wait } = await import('testcontainers');
    const container = await new GenericContainer('docker.kurrent.io/kurrent-latest/kurrentdb:25.0')
      .withEnvironment({ KURRENTDB_INSECURE: 'true', KURRENTDB_RUN_PROJECTIONS: 'None', KURRENTDB_MEM_DB: 'true' })
      .withExposedPorts(2113)
      .withWaitStrategy(Wait.forHttp('/health/live', 2113).forStatusCode(204))
      .start();
    const store = new KurrentEventStore(`kurrentdb://${container.getHost()}:${container.getMappedPort(2113)}?tls=false`);
    return {
      store,
      teardown: async () => {
        await store.close();
        await container.stop();
      },
    };
  },
};

for (const target of [postgres, eventstoredb]) {
  describe.skipIf(target.skip !== null)(`event store contract: ${target.name}${target.skip ? ` (${target.skip})` : ''}`, () => {
    let store: EventStore;
    let teardown: () => Promise<void>;
    beforeAll(async () => ({ store, teardown } = await target.setup()));
    afterAll(async () => teardown?.());

    it('appends to a new stream and reads it back in order with metadata', async () => {
      const id = uniqueStream();
      const result = await store.append(id, 'test', [testEvent('A', { n: 1 }), testEvent('B', { n: 2 })], 'no_stream');
      expect(result.nextVersion).toBe(2);
      const events = await store.readStream(id);
      expect(events.map((e) => [e.type, e.data, e.streamPosition])).toEqual([
        ['A', { n: 1 }, 1],
        ['B', { n: 2 }, 2],
      ]);
      expect(events[0]!.metadata.actor).toEqual({ kind: 'system', name: 'test' });
      expect(events[0]!.streamType).toBe('test');
      expect(events[0]!.createdAt).toBeInstanceOf(Date);
    });

    it('reads an unknown stream as empty and from a version', async () => {
      expect(await store.readStream(uniqueStream())).toEqual([]);
      const id = uniqueStream();
      await store.append(id, 'test', [testEvent('A'), testEvent('B'), testEvent('C')], 'any');
      expect((await store.readStream(id, { fromVersion: 1 })).map((e) => e.type)).toEqual(['B', 'C']);
    });

    it('enforces every kind of expected version', async () => {
      const id = uniqueStream();
      await expect(store.append(id, 'test', [testEvent('A')], 'stream_exists')).rejects.toBeInstanceOf(ConcurrencyError);
      await expect(store.append(id, 'test', [testEvent('A')], 3)).rejects.toBeInstanceOf(ConcurrencyError);
      await store.append(id, 'test', [testEvent('A')], 'no_stream');
      await expect(store.append(id, 'test', [testEvent('B')], 'no_stream')).rejects.toBeInstanceOf(ConcurrencyError);
      await expect(store.append(id, 'test', [testEvent('B')], 0)).rejects.toBeInstanceOf(ConcurrencyError);
      expect((await store.append(id, 'test', [testEvent('B')], 1)).nextVersion).toBe(2);
      expect((await store.append(id, 'test', [testEvent('C')], 'stream_exists')).nextVersion).toBe(3);
      expect((await store.append(id, 'test', [testEvent('D')], 'any')).nextVersion).toBe(4);
      const err = await store.append(id, 'test', [testEvent('E')], 2).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ConcurrencyError);
      expect((err as ConcurrencyError).actual).toBe(4);
      expect((await store.readStream(id)).map((e) => e.type)).toEqual(['A', 'B', 'C', 'D']);
    });

    it('lets exactly one of two writers with the same expected version win, writing nothing half-way', async () => {
      for (let round = 0; round < 10; round++) {
        const id = uniqueStream();
        await store.append(id, 'test', [testEvent('Opened')], 'no_stream');
        const results = await Promise.allSettled([
          store.append(id, 'test', [testEvent('X1'), testEvent('X2'), testEvent('X3')], 1),
          store.append(id, 'test', [testEvent('Y1'), testEvent('Y2'), testEvent('Y3')], 1),
        ]);
        expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
        const rejected = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
        expect(rejected).toHaveLength(1);
        expect(rejected[0]!.reason).toBeInstanceOf(ConcurrencyError);
        const types = (await store.readStream(id)).map((e) => e.type);
        expect(types).toHaveLength(4);
        expect(new Set(types.slice(1).map((t) => t[0]))).toHaveProperty('size', 1);
      }
    });

    it('appends to several streams in one call, answering in the order given, and reads them together', async () => {
      const [a, b, c] = [uniqueStream(), uniqueStream(), uniqueStream()];
      await store.append(b, 'test', [testEvent('B0')], 'no_stream');
      const results = await store.appendMany([
        { streamId: c, streamType: 'test', events: [testEvent('C1'), testEvent('C2')], expected: 'no_stream' },
        { streamId: a, streamType: 'test', events: [testEvent('A1')], expected: 'any' },
        { streamId: b, streamType: 'test', events: [testEvent('B1')], expected: 1 },
      ]);
      expect(results.map((r) => r.nextVersion)).toEqual([2, 1, 2]);
      const unknown = uniqueStream();
      const read = await store.readStreams([a, b, c, unknown]);
      expect([...read.keys()].sort()).toEqual([a, b, c, unknown].sort());
      expect(read.get(a)!.map((e) => e.type)).toEqual(['A1']);
      expect(read.get(b)!.map((e) => [e.type, e.streamPosition])).toEqual([
        ['B0', 1],
        ['B1', 2],
      ]);
      expect(read.get(c)!.map((e) => e.type)).toEqual(['C1', 'C2']);
      expect(read.get(unknown)).toEqual([]);
    });

    it('reads only the events after a given version of the streams named in after, the others whole', async () => {
      const [a, b, unknown] = [uniqueStream(), uniqueStream(), uniqueStream()];
      await store.append(a, 'test', [testEvent('A1'), testEvent('A2'), testEvent('A3')], 'no_stream');
      await store.append(b, 'test', [testEvent('B1'), testEvent('B2')], 'no_stream');
      const read = await store.readStreams([a, b, unknown], {
        after: new Map([
          [a, 2],
          [unknown, 1],
        ]),
      });
      expect(read.get(a)!.map((e) => [e.type, e.streamPosition])).toEqual([['A3', 3]]);
      expect(read.get(b)!.map((e) => e.type)).toEqual(['B1', 'B2']);
      expect(read.get(unknown)).toEqual([]);
      const caughtUp = await store.readStreams([a], { after: new Map([[a, 3]]) });
      expect(caughtUp.get(a)).toEqual([]);
    });

    it('refuses a multi-stream append naming a stream that moved, with the stream that moved', async () => {
      const [a, b] = [uniqueStream(), uniqueStream()];
      await store.append(b, 'test', [testEvent('B0'), testEvent('B1')], 'no_stream');
      const err = await store
        .appendMany([
          { streamId: a, streamType: 'test', events: [testEvent('A1')], expected: 'no_stream' },
          { streamId: b, streamType: 'test', events: [testEvent('B2')], expected: 1 },
        ])
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ConcurrencyError);
      expect(err).toMatchObject({ streamId: b, expected: 1, actual: 2 });
      expect((await store.readStream(b)).map((e) => e.type)).toEqual(['B0', 'B1']);
    });

    it('reads all in a stable order from a checkpoint, filtering by type and advancing past the rest', async () => {
      const start = await store.headPosition();
      const a = uniqueStream();
      const b = uniqueStream();
      await store.append(a, 'test', [testEvent('Kept', { i: 1 }), testEvent('Other')], 'no_stream');
      await store.append(b, 'test', [testEvent('Kept', { i: 2 })], 'no_stream');
      await store.append(a, 'test', [testEvent('Kept', { i: 3 })], 2);
      const mine = <T extends { streamId: string }>(es: T[]) => es.filter((e) => e.streamId === a || e.streamId === b);

      const all = await eventually(
        () => store.readAll({ after: start, limit: 1000 }),
        (r) => mine(r.events).length === 4,
      );
      expect(mine(all.events).map((e) => e.type)).toEqual(['Kept', 'Other', 'Kept', 'Kept']);
      for (let i = 1; i < all.events.length; i++) expect(comparePositions(all.events[i - 1]!.position, all.events[i]!.position)).toBe(-1);

      const firstTwo = await store.readAll({ after: start, limit: 2 });
      const rest = await store.readAll({ after: firstTwo.next, limit: 1000 });
      expect([...firstTwo.events, ...rest.events].map((e) => e.eventId)).toEqual(all.events.map((e) => e.eventId));

      const kept = await store.readAll({ after: start, limit: 1000, types: ['Kept'] });
      expect(mine(kept.events).map((e) => (e.data as { i: number }).i)).toEqual([1, 2, 3]);
      expect(await store.countAfter(start, ['Kept'])).toBeGreaterThanOrEqual(3);
      const upTo = all.events[1]!.position;
      expect((await store.readAll({ after: start, limit: 1000, upTo })).events).toHaveLength(2);
    });

    it('wakes listeners when events are appended', async () => {
      let woken = 0;
      const stop = store.onAppended(() => woken++);
      await new Promise((r) => setTimeout(r, 300));
      for (let i = 0; i < 20 && woken === 0; i++) {
        await store.append(uniqueStream(), 'test', [testEvent('Ping')], 'any');
        await new Promise((r) => setTimeout(r, 100));
      }
      stop();
      expect(woken).toBeGreaterThan(0);
    });
  });
}
