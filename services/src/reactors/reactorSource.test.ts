import type { RecordedEvent } from '@shop/domain/shared/events';
import type { ReadAllOptions } from '@shop/projections/runner/eventSource';
import type { Projector } from '@shop/projections/runner/projector';
import { ProjectionRunner } from '@shop/projections/runner/projectionRunner';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresEventStore } from '../eventstore/postgres/postgresEventStore.ts';
import { pollUntil, testEvent } from '../testing/fixtures.ts';
import { createTestDatabase, type TestDatabase } from '../testing/testDatabase.ts';
import { reactorSource } from './index.ts';

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

/** A reactor that keeps what it is given. */
function recordingReactor(name: string, eventTypes: string[]) {
  const applied: RecordedEvent[] = [];
  const projector: Projector = { name, tables: [], eventTypes, apply: async (_trx, events) => void applied.push(...events) };
  return { projector, applied };
}

/** The store, keeping the reads that reach it and how many events each answered. */
function watched(inner: PostgresEventStore) {
  const reads: Array<{ options: ReadAllOptions; answered: number }> = [];
  const source = {
    readAll: async (options: ReadAllOptions) => {
      const result = await inner.readAll(options);
      reads.push({ options, answered: result.events.length });
      return result;
    },
    countAfter: inner.countAfter.bind(inner),
    onAppended: inner.onAppended.bind(inner),
  };
  return { source, reads };
}

async function appendNoise(stream: string, count: number) {
  for (let i = 0; i < count; i += 50)
    await store.append(
      `${stream}-${i}`,
      'noise',
      Array.from({ length: Math.min(50, count - i) }, () => testEvent('Noise')),
      'any',
    );
}

describe('reactorSource', () => {
  it('lets the reactors read only their types, and move on past long runs of others', async () => {
    const reactor = recordingReactor('reactor-test-wanted', ['Wanted']);
    const { source, reads } = watched(store);
    const runner = new ProjectionRunner({
      db: tdb.db,
      pool: tdb.pool,
      source: reactorSource(source, [reactor.projector]),
      projectors: [reactor.projector],
      batchSize: 100,
      pollMs: 20,
    });
    runner.start();
    try {
      // Runs of other events longer than a batch, before, between and after the wanted ones.
      await appendNoise('before', 250);
      await store.append('wanted-1', 'w', [testEvent('Wanted', { n: 1 }), testEvent('Noise'), testEvent('Wanted', { n: 2 })], 'no_stream');
      await appendNoise('between', 230);
      await store.append('wanted-2', 'w', [testEvent('Wanted', { n: 3 })], 'no_stream');
      await appendNoise('after', 120);
      await pollUntil('the wanted events', () => reactor.applied.length === 3);
      await runner.waitUntilCaughtUp(30_000);

      expect(reactor.applied.map((e) => [e.type, (e.data as { n: number }).n])).toEqual([
        ['Wanted', 1],
        ['Wanted', 2],
        ['Wanted', 3],
      ]);
      // Every read of the log named the reactors' types: the 600 other events were never loaded.
      expect(reads.every((r) => r.options.types?.join() === 'Wanted')).toBe(true);
      expect(reads.reduce((n, r) => n + r.answered, 0)).toBe(3);

      // It keeps going with what comes next.
      await store.append('wanted-3', 'w', [testEvent('Wanted', { n: 4 })], 'no_stream');
      await pollUntil('a later wanted event', () => reactor.applied.length === 4);
    } finally {
      await runner.stop();
    }
  });

  it('reads the whole log for a reactor that wants every type', async () => {
    const reactor = recordingReactor('reactor-test-all', []);
    const everything = { ...reactor.projector, eventTypes: 'all' as const };
    expect(reactorSource(store, [everything])).toBe(store);
  });
});
