import type { FastifyInstance } from 'fastify';
import { allProjectors } from '@shop/projections/index';
import { ProjectionRunner } from '@shop/projections/runner/projectionRunner';
import { buildApp } from '../api/app.ts';
import type { Deps } from '../deps/deps.ts';
import { buildDeps } from '../main/deps.ts';
import { loadConfig, type Config } from '../config/config.ts';
import { PostgresEventStore } from '../eventstore/postgres/postgresEventStore.ts';
import { openQueues, QUEUE_NAMES, type Queues } from '../queue/queues.ts';
import { createTestDatabase, type TestDatabase } from './testDatabase.ts';

export interface TestApp {
  app: FastifyInstance;
  ctx: Deps;
  tdb: TestDatabase;
  runner: ProjectionRunner;
  /** Waits until every projector has applied every event appended so far. */
  settle(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The API over a fresh database with the projection runner running, for call-level tests
 * (`app.inject`). Queues use a prefix of their own in the real Redis.
 */
export async function createTestApp(overrides: Partial<Config> = {}, options: { queues?: boolean } = {}): Promise<TestApp> {
  const tdb = await createTestDatabase();
  const config = {
    ...loadConfig({ NODE_ENV: 'test', DATABASE_URL: tdb.url, JWT_SECRET: 'test-secret-of-sufficient-length' }),
    ...overrides,
  };
  const store = new PostgresEventStore(tdb.pool, tdb.url);
  const queues: Queues | null = options.queues === false ? null : openQueues(config.REDIS_URL, `test-${tdb.name}`);
  const ctx = buildDeps({ config, db: tdb.db, pool: tdb.pool, store, queues });
  const runner = new ProjectionRunner({
    db: tdb.db,
    pool: tdb.pool,
    source: store,
    projectors: allProjectors,
    pollMs: 20,
    // TEST_PROJECTOR_LOG=1: say which projectors run and why one failed (a test stuck waiting to settle).
    log: process.env.TEST_PROJECTOR_LOG ? (m, extra) => console.error(m, extra?.error ?? '') : undefined,
  });
  runner.start();
  const app = await buildApp(ctx);
  await app.ready();
  return {
    app,
    ctx,
    tdb,
    runner,
    settle: () => runner.waitUntilCaughtUp(20_000),
    async close() {
      await app.close();
      await runner.stop();
      if (queues) {
        await Promise.all(
          QUEUE_NAMES.map((n) =>
            queues
              .queue(n)
              .obliterate({ force: true })
              .catch(() => undefined),
          ),
        );
        await queues.close();
      }
      await store.close();
      await tdb.drop();
    },
  };
}
