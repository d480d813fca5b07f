/**
 * bench/checkout: 50 concurrent shoppers, each adding 3 items and completing (card through the
 * Square simulator), for N seconds; prints completed checkouts per second, p50/p99 of complete-order
 * and the machine's CPU per checkout.
 *   npm run bench:checkout [-- --shoppers 50 --seconds 15 --items 300] [-- --without-projectors]
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
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
import { jsonClient } from '../lib/jsonClient.ts';

const { values } = parseArgs({ options: { shoppers: { type: 'string', default: '50' }, seconds: { type: 'string', default: '15' }, items: { type: 'string', default: '300' }, 'without-projectors': { type: 'boolean', default: false } } });
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
// The projector role's settings (PROJECTION_POLL_MS and PROJECTION_GATHER_MS defaults).
const runner = new ProjectionRunner({ db: database.db, pool: database.pool, source: store, projectors: allProjectors, pollMs: 250, gatherMs: 100 });
runner.start();
await runner.waitUntilCaughtUp(60_000);
// Diagnostic only: how much of the machine the projectors take (the shop always runs them).
if (values['without-projectors']) await runner.stop();

const square = buildSquareSimulator();
const squareUrl = await square.listen({ port: 0, host: '127.0.0.1' });
const api = await startApiProcess({ DATABASE_URL: database.url, PORT: '3997', SQUARE_SIMULATOR_URL: squareUrl, LOG_LEVEL: 'error', DB_POOL_SIZE: process.env.DB_POOL_SIZE ?? '20' });
/** CPU time used by every process on the machine so far (Linux /proc/stat), in ms; null elsewhere. */
function machineCpuMs(): number | null {
  try {
    const [user, nice, system, , , irq, softirq] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    return (user! + nice! + system! + irq! + softirq!) * 10;
  } catch {
    return null;
  }
}

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
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
  console.log(`bench/checkout: ${shoppers} shoppers, ${seconds} s, 3 items each, card via the Square simulator`);
  console.log(`  completed ${fmt(latencies.length)} checkouts (${failed} failed): ${(latencies.length / elapsed).toFixed(1)} checkouts/s`);
  console.log(`  complete-order p50 ${pct(50).toFixed(0)} ms, p99 ${pct(99).toFixed(0)} ms`);
  if (cpuMs !== null) {
    console.log(`  machine CPU (all processes, ${cpus().length} cores): ${((cpuMs / (elapsed * 1000)) * 100).toFixed(0)}% busy, ${(cpuMs / Math.max(1, latencies.length)).toFixed(1)} ms per checkout`);
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
