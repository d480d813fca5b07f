import { afterAll, beforeAll } from 'vitest';
import { PostgresEventStore } from '../eventstore/postgres/postgresEventStore.ts';
import { createTestDatabase, type TestDatabase } from './testDatabase.ts';

export interface TestEventStore {
  readonly tdb: TestDatabase;
  readonly store: PostgresEventStore;
}

/**
 * A test file's own database and its PostgreSQL event store: made before the file's tests, closed
 * and dropped after them. Read `tdb` and `store` inside tests and hooks (they are set by then).
 */
export function useTestEventStore(): TestEventStore {
  let tdb: TestDatabase | undefined;
  let store: PostgresEventStore | undefined;
  beforeAll(async () => {
    tdb = await createTestDatabase();
    store = new PostgresEventStore(tdb.pool, tdb.url);
  });
  afterAll(async () => {
    await store?.close();
    await tdb?.drop();
  });
  const set = <T>(value: T | undefined, name: string): T => {
    if (value === undefined) throw new Error(`useTestEventStore: ${name} is read before the file's beforeAll ran`);
    return value;
  };
  return {
    get tdb() {
      return set(tdb, 'tdb');
    },
    get store() {
      return set(store, 'store');
    },
  };
}
