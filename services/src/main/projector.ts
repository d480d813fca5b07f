import { ProjectionRunner } from '@shop/projections/runner/projectionRunner';
import { loadConfigOrExit } from '../config/config.ts';
import { PROJECTOR_POOL_SIZE } from './connections.ts';
import { exitWithSupervisor } from './exitWithSupervisor.ts';
import { signalReady } from './readySignal.ts';
import { onShutdown, openRuntime } from './runtime.ts';
import { createLogger } from '../logging/logger.ts';

exitWithSupervisor();
const config = loadConfigOrExit();
const log = createLogger(config, 'projector');
const runtime = await openRuntime(config, { role: 'projector', queues: false, poolSize: PROJECTOR_POOL_SIZE, logger: log });
const runner = new ProjectionRunner({
  db: runtime.db,
  pool: runtime.pool,
  source: runtime.store,
  projectors: runtime.projectors,
  pollMs: config.PROJECTION_POLL_MS,
  gatherMs: config.PROJECTION_GATHER_MS,
  // Read models are rebuilt from the log: their commits need not wait for the disk (see the option).
  asynchronousCommit: true,
  log: (message, extra) => (extra?.error ? log.error({ err: extra.error }, message) : log.info(message)),
});
runner.start();
log.info(`projector runner started: ${runtime.projectors.map((p) => p.name).join(', ')}`);
await signalReady('projector');
onShutdown(log, async () => {
  await runner.stop();
  await runtime.close();
});
