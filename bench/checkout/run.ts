/**
 * bench/checkout: 50 concurrent shoppers, each adding 3 items and completing (card through the
 * Square simulator), for N seconds; prints completed checkouts per second, p50/p99 of complete-order
 * and the machine's CPU per checkout.
 *   npm run bench:checkout [-- --shoppers 50 --seconds 15 --items 300] [-- --without-projectors] [-- --gather-ms 100]
 */
import { randomUUID } from 'node:crypto';
import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import { stockItemDecider, stockItemInputSchema, toStockItemFields } from '../../domain/src/catalogue/index.ts';
import { allProjectors } from '../../projections/src/index.ts';
import { ProjectionRunner } from '../../projections/src/runner/projectionRunner.ts';
import { handleCommand } from '../../services/src/commands/handleCommand.ts';
import { PostgresEventStore } from '../../services/src/eventstore/postgres/postgresEventStore.ts';
import { buildSquareSimulator } from '../../services/src/simulators/square/squareSimulator.ts';
import { testMetadata } from '../../services/src/testing/fixtures.ts';
import { startApiProcess } from '../lib/apiProcess.ts';
import { fmt, freshBenchDatabase } from '../lib/benchDatabase.ts';
import { cpuBetween, machineCpuMs, processCpuMs, processesCpuMs } from '../lib/processCpu.ts';
import { jsonClient } from '../lib/jsonClient.ts';

const { values } = parseArgs({ options: { shoppers: { type: 'string', default: '50' }, seconds: { type: 'string', default: '15' }, items: { type: 'string', default: '300' }, 'without-projectors': { type: 'boolean', default: false }, 'gather-ms': { type: 'string', default: '100' } } });
const shoppers = Number(values.shoppers);
const seconds = Number(values.seconds);
const itemCount = Number(values.items);
const name = 'comicshop_bench_checkout';

const database = await freshBenchDatabase(name, 20);
const store = new PostgresEventStore(database.pool, database.url);
const items: string[] = [];
for (let i = 0; i < itemCount; i++) {
  const stockItemId = `bench-${i}`;
  const input = stockItemInputSchema.parse({ comicId: `B${i}`, itemType: 'comic', mainDescription: `Bench Comic #${i}`, number: 100_000, priceOverride: 500 + i });
  await handleCommand(store, stockItemDecider, `stock-${stockItemId}`, { type: 'AddStockItem', data: { stockItemId, item: toStockItemFields(input, null) } }, testMetadata());
  items.push(stockItemId);
}
// The projector role's settings (PROJECTION_POLL_MS and PROJECTION_GATHER_MS defaults; --gather-ms to try another).
const runner = new ProjectionRunner({ db: database.db, pool: database.pool, source: store, projectors: allProjectors, pollMs: 250, gatherMs: Number(values['gather-ms']) });
runner.start();
await runner.waitUntilCaughtUp(60_000);
// Diagnostic only: how much of the machine the projectors take (the shop always runs them).
if (values['without-projectors']) await runner.stop();

const square = buildSquareSimulator();
const squareUrl = await square.listen({ port: 0, host: '127.0.0.1' });
const api = await startApiProcess({ DATABASE_URL: database.url, PORT: '3997', SQUARE_SIMULATOR_URL: squareUrl, LOG_LEVEL: 'error', DB_POOL_SIZE: process.env.DB_POOL_SIZE ?? '20' });
const client = jsonClient(`${api.url}/api`, shoppers);
const json = client.request;

async function checkoutOnce(): Promise<{ ms: number; ok: boolean }> {
  const tempAuthorisation = randomUUID();
  const current = await json('POST', '/current-order', { tempAuthorisation });
  const order = current.data.order;
  const picks = new Set<string>();
  while (picks.size < 3) picks.add(items[Math.floor(Math.random() * items.length)]!);
  const updated = await json('PUT', `/update-order/${order._id}`, {
    _id: order._id, tempAuthorisation, email: 'bench@example.com', shippingIsPickup: true,
    orderItems: [...picks].map((_id) => ({ _id, quantity: 1 })),
  });
  const ready = updated.data.order;
  const started = performance.now();
  const done = await json('PUT', `/complete-order/${order._id}`, { ...ready, tempAuthorisation, latestTransaction: { value: String(ready.toPay), cardToken: 'cnon:card-nonce-ok', buyerToken: '' } });
  return { ms: performance.now() - started, ok: done.status === 200 };
}

try {
  for (let i = 0; i < 20; i++) await checkoutOnce(); // warm up
  const latencies: number[] = [];
  let failed = 0;
  const deadline = performance.now() + seconds * 1000;
  const cpuBefore = machineCpuMs();
  const apiBefore = processCpuMs(api.pid);
  const benchBefore = process.cpuUsage();
  const postgresBefore = processesCpuMs('postgres');
  const began = performance.now();
  await Promise.all(Array.from({ length: shoppers }, async () => {
    while (performance.now() < deadline) {
      const r = await checkoutOnce();
      if (r.ok) latencies.push(r.ms);
      else failed++;
    }
  }));
  const elapsed = (performance.now() - began) / 1000;
  const cpuMs = cpuBefore === null ? null : machineCpuMs()! - cpuBefore;
  const apiMs = apiBefore === null ? null : processCpuMs(api.pid)! - apiBefore;
  const benchUsage = process.cpuUsage(benchBefore);
  const postgresMs = cpuBetween(postgresBefore, processesCpuMs('postgres'));
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
  console.log(`bench/checkout: ${shoppers} shoppers, ${seconds} s, 3 items each, card via the Square simulator`);
  console.log(`  completed ${fmt(latencies.length)} checkouts (${failed} failed): ${(latencies.length / elapsed).toFixed(1)} checkouts/s`);
  console.log(`  complete-order p50 ${pct(50).toFixed(0)} ms, p99 ${pct(99).toFixed(0)} ms`);
  if (cpuMs !== null) {
    const per = (ms: number) => (ms / Math.max(1, latencies.length)).toFixed(1);
    console.log(`  machine CPU (all processes, ${cpus().length} cores): ${((cpuMs / (elapsed * 1000)) * 100).toFixed(0)}% busy, ${per(cpuMs)} ms per checkout`);
    const benchMs = (benchUsage.user + benchUsage.system) / 1000;
    if (apiMs !== null) console.log(`    per checkout: API ${per(apiMs)} ms, PostgreSQL (live backends) ${per(postgresMs)} ms, bench process (projectors, simulator, shoppers) ${per(benchMs)} ms, rest ${per(cpuMs - apiMs - postgresMs - benchMs)} ms`);
  }
  console.log(`  simulator charges: ${square.payments.filter((p) => p.status === 'COMPLETED').length}`);
} finally {
  client.close();
  await api.stop();
  await square.close();
  if (!values['without-projectors']) await runner.stop();
  await store.close();
  await database.close();
}
