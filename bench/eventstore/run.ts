/**
 * bench/eventstore: append, read-all and rebuild throughput of the PostgreSQL event store.
 *   npm run bench:eventstore [-- --events 1000000 --seconds 5 --runs 3]
 * Prints the median of --runs runs for each append figure.
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { auditProjector } from '../../projections/src/audit/auditProjector.ts';
import { ProjectionRunner } from '../../projections/src/runner/projectionRunner.ts';
import { rebuildProjector } from '../../projections/src/runner/rebuild.ts';
import { PostgresEventStore } from '../../services/src/eventstore/postgres/postgresEventStore.ts';
import { testMetadata } from '../../services/src/testing/fixtures.ts';
import { fmt, freshBenchDatabase, median } from '../lib/benchDatabase.ts';

const { values } = parseArgs({
  options: {
    events: { type: 'string', default: '1000000' },
    seconds: { type: 'string', default: '5' },
    runs: { type: 'string', default: '3' },
  },
});
const totalEvents = Number(values.events);
const seconds = Number(values.seconds);
const runs = Number(values.runs);

const database = await freshBenchDatabase('comicshop_bench_eventstore');
const store = new PostgresEventStore(database.pool, database.url);

const payload = (i: number) => ({
  comicId: `NOV26${String(i % 100000).padStart(4, '0')}`,
  mainDescription: `Amazing Spider-Man #${i % 900}`,
  variantDescription: 'Cover A Regular',
  publisher: 'Marvel',
  srp: 699,
  number: 3,
});

async function appendLoad(writers: number, eventsPerAppend: number): Promise<number> {
  const deadline = Date.now() + seconds * 1000;
  let events = 0;
  await Promise.all(
    Array.from({ length: writers }, async () => {
      while (Date.now() < deadline) {
        const batch = Array.from({ length: eventsPerAppend }, (_, k) => ({
          type: 'StockItemAdded',
          data: payload(k),
          metadata: testMetadata(),
        }));
        await store.append(`stock-${randomUUID()}`, 'stock', batch, 'no_stream');
        events += eventsPerAppend;
      }
    }),
  );
  return events / seconds;
}

console.log(`bench/eventstore: PostgreSQL event store, ${runs} runs of ${seconds} s each (median shown)`);
for (const [writers, size, label] of [
  [1, 1, 'single-event appends, 1 writer'],
  [8, 1, 'single-event appends, 8 writers'],
  [32, 1, 'single-event appends, 32 writers'],
  [8, 10, '10-event appends, 8 writers'],
] as const) {
  const rates: number[] = [];
  for (let r = 0; r < runs; r++) rates.push(await appendLoad(writers, size));
  console.log(`  ${label.padEnd(36)} ${fmt(median(rates)).padStart(9)} events/s   (runs: ${rates.map(fmt).join(', ')})`);
}

// Fill the log to the requested size with SQL (one transaction per 50,000 events, like many writers would).
const existing = await store.countAfter(null);
const toAdd = Math.max(0, totalEvents - existing);
const metadata = JSON.stringify(testMetadata());
for (let done = 0; done < toAdd; done += 50_000) {
  const n = Math.min(50_000, toAdd - done);
  await sql`
    with s as (select g, 'fill-' || (${done}::int + g) as stream_id from generate_series(1, ${n}::int) g),
    ins as (insert into streams (stream_id, stream_type, version) select stream_id, 'fill', 1 from s)
    insert into events (stream_id, stream_position, event_id, event_type, data, metadata)
    select stream_id, 1, gen_random_uuid(), 'StockItemAdded',
           jsonb_build_object('comicId', 'NOV26' || g, 'mainDescription', 'Saga #' || g, 'publisher', 'Image Comics', 'srp', 599, 'number', 2),
           ${metadata}::jsonb
    from s`.execute(database.db);
}
await sql`analyze events`.execute(database.db);
const logSize = await store.countAfter(null);
console.log(`  log filled to ${fmt(logSize)} events`);

{
  const started = performance.now();
  let after = null;
  let read = 0;
  for (;;) {
    const { events, next } = await store.readAll({ after, limit: 10_000 });
    if (events.length === 0) break;
    read += events.length;
    after = next;
  }
  const secs = (performance.now() - started) / 1000;
  console.log(
    `  read all (batches of 10,000)            ${fmt(read / secs).padStart(9)} events/s   (${fmt(read)} events in ${secs.toFixed(1)} s)`,
  );
}

{
  const runner = new ProjectionRunner({
    db: database.db,
    pool: database.pool,
    source: store,
    projectors: [auditProjector],
    batchSize: 5000,
    pollMs: 50,
  });
  const started = performance.now();
  runner.start();
  await runner.waitUntilCaughtUp(30 * 60_000);
  await runner.stop();
  const secs = (performance.now() - started) / 1000;
  console.log(`  live projection catch-up (audit)        ${fmt(logSize / secs).padStart(9)} events/s   (${secs.toFixed(1)} s)`);

  const report = await rebuildProjector(database.db, store, auditProjector, { batchSize: 5000 });
  console.log(
    `  rebuild from zero + compare (audit)     ${fmt(report.events / (report.millis / 1000)).padStart(9)} events/s   (${fmt(report.events)} events in ${(report.millis / 1000).toFixed(1)} s, ${report.equal ? 'equal to live' : 'DIFFERENT'})`,
  );
}

await store.close();
await database.close();
