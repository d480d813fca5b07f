import { ProjectionRunner } from '@shop/projections/runner/projectionRunner';
import { openDatabase } from '../db/database.ts';
import { PostgresEventStore } from '../eventstore/postgres/postgresEventStore.ts';
import { testCounterProjector } from './testCounterProjector.ts';

/** A projector process for the runner's multi-process tests. */
const url = process.env.DATABASE_URL!;
const database = openDatabase(url, 5);
const store = new PostgresEventStore(database.pool, url);
const runner = new ProjectionRunner({
  db: database.db,
  pool: database.pool,
  source: store,
  projectors: [testCounterProjector({ delayMs: Number(process.env.DELAY_MS ?? 0), appliedBy: String(process.pid) })],
  batchSize: Number(process.env.BATCH_SIZE ?? 20),
  pollMs: 50,
});
runner.start();
process.on('SIGTERM', () => {
  void runner
    .stop()
    .then(() => database.close())
    .then(() => process.exit(0));
});
console.log('ready');
