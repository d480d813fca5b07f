/**
 * bench/checkout: 50 concurrent shoppers, each adding 3 items and completing (card through the
 * Square simulator), for N seconds; prints completed checkouts per second, p50/p99 of complete-order
 * and the machine's CPU per checkout. The API and the projectors run as their own processes, as in
 * production; the shoppers first run for --warmup seconds, which are not measured.
 * With --with-worker it also prints the email backlog: orders completed against confirmation emails
 * the SMTP catcher received, the emails/s while measured, and how long the backlog took to drain
 * once the shoppers stopped (waited for up to --drain-seconds).
 *   npm run bench:checkout [-- --shoppers 50 --seconds 15 --items 300 --warmup 5] [-- --without-projectors | --with-worker] [-- --gather-ms 100] [-- --drain-seconds 120]
 */
import { randomUUID } from 'node:crypto';
import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import { stockItemDecider, stockItemInputSchema, toStockItemFields } from '../../domain/src/catalogue/index.ts';
import { allProjectors } from '../../projections/src/index.ts';
import { ProjectionRunner } from '../../projections/src/runner/projectionRunner.ts';
import { handle } from '../../services/src/commands/handle.ts';
import { PostgresEventStore } from '../../services/src/eventstore/postgres/postgresEventStore.ts';
import { startSmtpCatcher } from '../../services/src/simulators/smtp/smtpCatcher.ts';
import { buildSquareSimulator } from '../../services/src/simulators/square/squareSimulator.ts';
import { testMetadata } from '../../services/src/testing/fixtures.ts';
import { startApiProcess, startRoleProcess } from '../lib/serviceProcesses.ts';
import { fmt, freshBenchDatabase } from '../lib/benchDatabase.ts';
import { machineCpuMs, processCpuMs } from '../lib/processCpu.ts';
import { cpuByRole, readBackendsCpu } from '../lib/postgresByRole.ts';
import { jsonClient } from '../lib/jsonClient.ts';

const { values } = parseArgs({
  options: {
    shoppers: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '15' },
    items: { type: 'string', default: '300' },
    'without-projectors': { type: 'boolean', default: false },
    'with-worker': { type: 'boolean', default: false },
    'gather-ms': { type: 'string', default: '100' },
    warmup: { type: 'string', default: '5' },
    'drain-seconds': { type: 'string', default: '120' },
  },
});
const shoppers = Number(values.shoppers);
const seconds = Number(values.seconds);
const itemCount = Number(values.items);
const warmupSeconds = Number(values.warmup);
const drainSeconds = Number(values['drain-seconds']);
const name = 'comicshop_bench_checkout';

const database = await freshBenchDatabase(name, 20);
const store = new PostgresEventStore(database.pool, database.url);
const items: string[] = [];
for (let i = 0; i < itemCount; i++) {
  const stockItemId = `bench-${i}`;
  const input = stockItemInputSchema.parse({
    comicId: `B${i}`,
    itemType: 'comic',
    mainDescription: `Bench Comic #${i}`,
    number: 100_000,
    priceOverride: 500 + i,
  });
  await handle(
    { store, ids: randomUUID },
    stockItemDecider,
    `stock-${stockItemId}`,
    { type: 'AddStockItem', data: { stockItemId, item: toStockItemFields(input, null) } },
    testMetadata(),
  );
  items.push(stockItemId);
}
// The seeded catalogue is projected here; the projector process then carries on from the checkpoints.
const seeding = new ProjectionRunner({ db: database.db, pool: database.pool, source: store, projectors: allProjectors, pollMs: 50 });
seeding.start();
await seeding.waitUntilCaughtUp(60_000);
await seeding.stop();
// The projector role with its default PROJECTION_POLL_MS (--gather-ms to try another PROJECTION_GATHER_MS).
// --without-projectors is diagnostic only: how much of the machine the projectors take (the shop always runs them).
const projectors = values['without-projectors']
  ? null
  : await startRoleProcess('projector', { DATABASE_URL: database.url, PROJECTION_GATHER_MS: values['gather-ms']! });
// --with-worker: the worker role too (reactors, order-confirmation emails sent to an SMTP catcher in
// this process, checkout recovery), to see what the whole back end costs on the same two cores.
const smtp = !values['with-worker'] ? null : await startSmtpCatcher({ smtpPort: 0, httpPort: 0 });
const worker = smtp
  ? await startRoleProcess('worker', {
      DATABASE_URL: database.url,
      SMTP_URL: `smtp://127.0.0.1:${smtp.smtpPort}`,
      QUEUE_PREFIX: `bench-checkout-${process.pid}`,
    })
  : null;

/** Order confirmations the SMTP catcher has received so far. */
const confirmationsReceived = () => smtp?.messages().filter((m) => m.subject.includes('confirmed')).length ?? 0;

const square = buildSquareSimulator();
const squareUrl = await square.listen({ port: 0, host: '127.0.0.1' });
const api = await startApiProcess({
  DATABASE_URL: database.url,
  PORT: '3997',
  SQUARE_SIMULATOR_URL: squareUrl,
  LOG_LEVEL: 'error',
});
const client = jsonClient(`${api.url}/api`, shoppers);
const json = client.request;

/** Every shopper checks out again and again until the deadline; answers the latencies of completed checkouts. */
async function shopUntil(deadline: number): Promise<{ latencies: number[]; failed: number }> {
  const latencies: number[] = [];
  let failed = 0;
  await Promise.all(
    Array.from({ length: shoppers }, async () => {
      while (performance.now() < deadline) {
        const r = await checkoutOnce();
        if (r.ok) latencies.push(r.ms);
        else failed++;
      }
    }),
  );
  return { latencies, failed };
}

async function checkoutOnce(): Promise<{ ms: number; ok: boolean }> {
  const tempAuthorisation = randomUUID();
  const current = await json('POST', '/current-order', { tempAuthorisation });
  const order = current.data.order;
  const picks = new Set<string>();
  while (picks.size < 3) picks.add(items[Math.floor(Math.random() * items.length)]!);
  const updated = await json('PUT', `/update-order/${order._id}`, {
    _id: order._id,
    tempAuthorisation,
    email: 'bench@example.com',
    shippingIsPickup: true,
    orderItems: [...picks].map((_id) => ({ _id, quantity: 1 })),
  });
  const ready = updated.data.order;
  const started = performance.now();
  const done = await json('PUT', `/complete-order/${order._id}`, {
    ...ready,
    tempAuthorisation,
    latestTransaction: { value: String(ready.toPay), cardToken: 'cnon:card-nonce-ok', buyerToken: '' },
  });
  return { ms: performance.now() - started, ok: done.status === 200 };
}

/**
 * The email backlog when the shoppers stop: orders completed (warm-up included) against the
 * confirmations received, then how long the worker takes to send the rest (polled, with a deadline).
 */
async function reportEmailBacklog(
  completed: number,
  measured: { checkouts: number; emails: number; seconds: number; endedAt: number; emailsBefore: number; workerCpuMs: number | null },
  workerPid: number,
): Promise<void> {
  const atStop = measured.emailsBefore + measured.emails;
  const rate = (n: number) => (n / measured.seconds).toFixed(1);
  console.log(
    `  confirmation emails while measured: ${fmt(measured.emails)} received, ${rate(measured.emails)} emails/s (checkouts completed ${rate(measured.checkouts)}/s)`,
  );
  console.log(
    `  email backlog when the load stopped: ${fmt(completed)} orders completed (warm-up included), ${fmt(atStop)} confirmations received, ${fmt(completed - atStop)} behind`,
  );
  const workerBefore = processCpuMs(workerPid);
  const stopped = measured.endedAt;
  const deadline = stopped + drainSeconds * 1000;
  let received = confirmationsReceived();
  while (received < completed && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    received = confirmationsReceived();
  }
  const drainMs = performance.now() - stopped;
  const workerMs = workerBefore === null ? null : processCpuMs(workerPid)! - workerBefore;
  const cpu = workerMs === null ? '' : ` (worker CPU meanwhile ${fmt(Math.round(workerMs))} ms)`;
  if (received >= completed)
    console.log(
      `  backlog drained ${(drainMs / 1000).toFixed(1)} s after the load stopped${cpu}: ${fmt(received)} confirmations for ${fmt(completed)} orders`,
    );
  else console.log(`  backlog NOT drained within ${drainSeconds} s${cpu}: ${fmt(received)} confirmations for ${fmt(completed)} orders`);
  // The worker's whole cost of an order, however far behind it ran: its CPU from the start of the
  // measurement to the end of the drain, per confirmation received in that time.
  if (workerMs !== null && measured.workerCpuMs !== null && received > measured.emailsBefore) {
    console.log(
      `  worker CPU per confirmation sent, measured window and drain together: ${((measured.workerCpuMs + workerMs) / (received - measured.emailsBefore)).toFixed(2)} ms`,
    );
  }
}

try {
  const warmup = await shopUntil(performance.now() + warmupSeconds * 1000);
  const cpuBefore = machineCpuMs();
  const apiBefore = processCpuMs(api.pid);
  const projectorsBefore = projectors ? processCpuMs(projectors.pid) : 0;
  const workerBefore = worker ? processCpuMs(worker.pid) : 0;
  const benchBefore = process.cpuUsage();
  // This bench's PostgreSQL backends (other databases on the shared server are someone else's load).
  const postgresBefore = await readBackendsCpu(database.pool);
  const emailsBefore = confirmationsReceived();
  const began = performance.now();
  const { latencies, failed } = await shopUntil(began + seconds * 1000);
  const ended = performance.now();
  const elapsed = (ended - began) / 1000;
  const emailsAfter = confirmationsReceived();
  const cpuMs = cpuBefore === null ? null : machineCpuMs()! - cpuBefore;
  const apiMs = apiBefore === null ? null : processCpuMs(api.pid)! - apiBefore;
  const projectorsMs = projectors && projectorsBefore !== null ? processCpuMs(projectors.pid)! - projectorsBefore : 0;
  const workerMs = worker && workerBefore !== null ? processCpuMs(worker.pid)! - workerBefore : 0;
  const benchUsage = process.cpuUsage(benchBefore);
  const postgresByRole = cpuByRole(postgresBefore, await readBackendsCpu(database.pool));
  const postgresMs = Object.values(postgresByRole).reduce((a, b) => a + b, 0);
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
  console.log(
    `bench/checkout: ${shoppers} shoppers, ${seconds} s after ${warmupSeconds} s of warm-up, 3 items each, card via the Square simulator`,
  );
  console.log(`  completed ${fmt(latencies.length)} checkouts (${failed} failed): ${(latencies.length / elapsed).toFixed(1)} checkouts/s`);
  console.log(
    `  complete-order p50 ${pct(50).toFixed(0)} ms, p90 ${pct(90).toFixed(0)} ms, p99 ${pct(99).toFixed(0)} ms, max ${(latencies.at(-1) ?? 0).toFixed(0)} ms`,
  );
  if (cpuMs !== null) {
    const per = (ms: number) => (ms / Math.max(1, latencies.length)).toFixed(1);
    console.log(
      `  machine CPU (all processes, ${cpus().length} cores): ${((cpuMs / (elapsed * 1000)) * 100).toFixed(0)}% busy, ${per(cpuMs)} ms per checkout`,
    );
    const benchMs = (benchUsage.user + benchUsage.system) / 1000;
    if (apiMs !== null)
      console.log(
        `    per checkout: API ${per(apiMs)} ms, projectors ${per(projectorsMs)} ms, ${worker ? `worker ${per(workerMs)} ms, ` : ''}PostgreSQL (this database's backends) ${per(postgresMs)} ms, bench process (shoppers, simulators) ${per(benchMs)} ms, rest ${per(cpuMs - apiMs - projectorsMs - workerMs - postgresMs - benchMs)} ms`,
      );
    console.log(
      `    PostgreSQL's per checkout, by the role it served: API ${per(postgresByRole.api + postgresByRole['api browse'])} ms, projectors ${per(postgresByRole.projector)} ms, ${worker ? `worker ${per(postgresByRole.worker)} ms, ` : ''}others (the bench's own connection) ${per(postgresByRole.other)} ms`,
    );
  }
  const charges = square.payments.filter((p) => p.status === 'COMPLETED').length;
  const completed = warmup.latencies.length + latencies.length;
  console.log(
    `  simulator charges: ${fmt(charges)} for ${fmt(completed)} completed checkouts, warm-up included${charges === completed ? '' : ' (MISMATCH)'}`,
  );
  if (worker) {
    client.close();
    await reportEmailBacklog(
      completed,
      {
        checkouts: latencies.length,
        emails: emailsAfter - emailsBefore,
        seconds: elapsed,
        endedAt: ended,
        emailsBefore,
        workerCpuMs: workerBefore === null ? null : workerMs,
      },
      worker.pid,
    );
  }
} finally {
  client.close();
  await api.stop();
  await square.close();
  await projectors?.stop();
  await worker?.stop();
  await smtp?.close();
  await store.close();
  await database.close();
}
