import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../api/app.ts';
import { loadConfigOrExit } from '../config/config.ts';
import { exitWithSupervisor } from './exitWithSupervisor.ts';
import { signalReady } from './readySignal.ts';
import { onShutdown, openRuntime } from './runtime.ts';
import { createLogger } from '../logging/logger.ts';
import { warmCatalogue } from './warmCatalogue.ts';

exitWithSupervisor();
const config = loadConfigOrExit();
const log = createLogger(config, 'api');
const runtime = await openRuntime(config, { role: 'api', logger: log });
const webDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');
const app = await buildApp(runtime, {
  webDist: config.SERVE_WEB ? webDist : null,
  logger: log,
});
await warmCatalogue(app, log);
await app.listen({ port: config.PORT, host: config.HOST });
await signalReady('api');
onShutdown(log, async () => {
  await app.close();
  await runtime.close();
});
