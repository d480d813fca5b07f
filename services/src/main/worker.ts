import { ProjectionRunner } from '@shop/projections/runner/projectionRunner';
import { loadConfigOrExit } from '../config/config.ts';
import { WORKER_POOL_SIZE } from './connections.ts';
import { yieldCoresAt } from './backgroundPriority.ts';
import { exitWithSupervisor } from './exitWithSupervisor.ts';
import { createSmtpMailer } from '../mail/mailer.ts';
import { allReactors, reactorSource } from '../reactors/index.ts';
import { startEmailWorker } from '../workers/emailWorker.ts';
import { startMarketplaceWorker } from '../workers/marketplaceWorker.ts';
import { startEbaySyncWorker } from '../workers/ebaySyncWorker.ts';
import { scheduleSalesPull } from '../marketplaceSync/salesPull.ts';
import { startBackgroundTasks } from '../workers/backgroundTasks.ts';
import { signalReady } from './readySignal.ts';
import { onShutdown, openRuntime } from './runtime.ts';
import { createLogger } from '../logging/logger.ts';

/** Reactors (events -> jobs), the BullMQ workers, and the periodic tasks (checkout recovery). */
exitWithSupervisor();
const config = loadConfigOrExit();
const log = createLogger(config, 'worker');
// Background work: when the machine is busier than its cores, shoppers' requests come first.
const niceness = yieldCoresAt(config.WORKER_NICE);
const runtime = await openRuntime(config, { role: 'worker', poolSize: WORKER_POOL_SIZE, logger: log });
const queues = runtime.queues!;
const reactorList = allReactors(runtime, queues);
const reactors = new ProjectionRunner({
  db: runtime.db,
  pool: runtime.pool,
  // Only the event types the reactors read (a checkout writes some sixteen events; they want one).
  source: reactorSource(runtime.store, reactorList),
  projectors: reactorList,
  pollMs: config.PROJECTION_POLL_MS,
  // As the projectors: under steady orders a batch a tenth of a second (one read of the log, one
  // round trip to Redis, one checkpoint) instead of one per wake-up.
  gatherMs: config.PROJECTION_GATHER_MS,
  log: (message, extra) => (extra?.error ? log.error({ err: extra.error }, message) : log.info(message)),
});
reactors.start();
const mailer = createSmtpMailer({ url: config.SMTP_URL, from: config.MAIL_FROM });
const workers = [
  startEmailWorker(queues.connection, queues.prefix, mailer),
  startMarketplaceWorker(queues.connection, queues.prefix, { ctx: runtime }),
  startEbaySyncWorker(queues.connection, queues.prefix, { ctx: runtime, queues }),
];
// eBay's sales every EBAY_SYNC_SECONDS (the scheduler is one in Redis, whichever worker sets it).
await scheduleSalesPull(queues.queue('ebay-sync'), config.EBAY_SYNC_SECONDS);
for (const w of workers)
  w.on('failed', (job, err) => log.error({ queue: w.name, jobId: job?.id, attempt: job?.attemptsMade, err }, 'job failed'));
const tasks = startBackgroundTasks(runtime, log);
log.info(`worker started: reactors, ${workers.map((w) => w.name).join(', ')} workers, niceness ${niceness}`);
await signalReady('worker');
onShutdown(log, async () => {
  tasks.stop();
  await reactors.stop();
  await Promise.all(workers.map((w) => w.close()));
  mailer.close();
  await runtime.close();
});
