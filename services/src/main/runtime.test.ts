import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config.ts';
import { eventually } from '../testing/fixtures.ts';
import { createTestDatabase, type TestDatabase } from '../testing/testDatabase.ts';
import { openRuntime, type Runtime } from './runtime.ts';

let tdb: TestDatabase;
let runtime: Runtime;
/** The same database with a small browse pool, to watch it yield to sales. */
let small: Runtime;

beforeAll(async () => {
  tdb = await createTestDatabase();
  const config = (extra: Record<string, string> = {}) =>
    loadConfig({ NODE_ENV: 'test', DATABASE_URL: tdb.url, JWT_SECRET: 'test-secret-of-sufficient-length', ...extra });
  runtime = await openRuntime(config(), { role: 'api', queues: false });
  small = await openRuntime(config({ DB_BROWSE_POOL_SIZE: '3', DB_BROWSE_POOL_MIN: '1' }), { role: 'worker', queues: false });
});
afterAll(async () => {
  await runtime?.close();
  await small?.close();
  await tdb?.drop();
});

const synchronousCommit = async <T>(db: Kysely<T>) =>
  (await sql<{ synchronous_commit: string }>`show synchronous_commit`.execute(db)).rows[0]!.synchronous_commit;

describe("a process's database pools", () => {
  it('commit events to disk before answering; the browse pool, which only keeps search lists, does not wait', async () => {
    expect(await synchronousCommit(runtime.db)).toBe('on');
    expect(await synchronousCommit(runtime.readDb!)).toBe('off');
  });

  it('name their connections by role and pool, so PostgreSQL shows whose a backend is', async () => {
    const nameOn = async <T>(db: Kysely<T>) =>
      (await sql<{ name: string }>`select current_setting('application_name') as name`.execute(db)).rows[0]!.name;
    expect(await nameOn(runtime.db)).toBe('comicshop-api');
    expect(await nameOn(runtime.readDb!)).toBe('comicshop-api-browse');
    expect(await nameOn(small.db)).toBe('comicshop-worker');
  });

  it('let browse and search use only the connections sales under way leave, and take them back when the sales end', async () => {
    const LOCK = 7_000_001;
    // Each read waits on a lock the test holds, so it keeps its connection until the test lets go.
    const blocker = new pg.Client({ connectionString: tdb.url });
    await blocker.connect();
    await blocker.query('select pg_advisory_lock($1)', [LOCK]);
    const readsWaitingOnTheLock = async () =>
      Number(
        (
          await blocker.query<{ n: string }>(
            `select count(*) as n from pg_stat_activity where datname = current_database() and wait_event = 'advisory'`,
          )
        ).rows[0]!.n,
      );
    // Three sales under way, each ended when the test says.
    const ends: Array<() => void> = [];
    const sales = Array.from({ length: 3 }, () => small.browseGate!.sale(() => new Promise<void>((resolve) => ends.push(resolve))));
    try {
      expect(small.browseGate!.state()).toEqual({ limit: 1, held: 0, waiting: 0, sales: 3 });
      const reads = Array.from({ length: 3 }, () =>
        sql`select pg_advisory_lock_shared(${LOCK}), pg_advisory_unlock_shared(${LOCK})`.execute(small.readDb!),
      );
      await eventually(readsWaitingOnTheLock, (n) => n === 1);
      await eventually(
        async () => small.browseGate!.state(),
        (s) => s.waiting === 2,
      );
      expect(await readsWaitingOnTheLock()).toBe(1);

      for (const end of ends.splice(0)) end();
      await Promise.all(sales);
      await eventually(readsWaitingOnTheLock, (n) => n === 3);
      expect(small.browseGate!.state()).toEqual({ limit: 3, held: 3, waiting: 0, sales: 0 });

      await blocker.query('select pg_advisory_unlock($1)', [LOCK]);
      await Promise.all(reads);
      expect(small.browseGate!.state()).toEqual({ limit: 3, held: 0, waiting: 0, sales: 0 });
    } finally {
      for (const end of ends) end();
      await blocker.end();
    }
  });

  it("let a replica serve browse and search with every connection (its cores are not the commands')", async () => {
    const replicaShaped = await openRuntime(
      loadConfig({ NODE_ENV: 'test', DATABASE_URL: tdb.url, DATABASE_READ_URL: tdb.url, JWT_SECRET: 'test-secret-of-sufficient-length' }),
      { role: 'api', queues: false },
    );
    try {
      expect(replicaShaped.browseGate).toBeUndefined();
    } finally {
      await replicaShaped.close();
    }
  });
});
