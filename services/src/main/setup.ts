import { randomUUID } from 'node:crypto';
import { loadConfigOrExit } from '../config/config.ts';
import { ensureDatabaseExists, openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { ensureAdmin } from './setup/ensureAdmin.ts';
import { loadDemoDataOnFirstRun } from './setup/demoData.ts';
import { openEventStore } from './runtime.ts';
import { imageStorageFromConfig } from '../storage/storageFromConfig.ts';
import { createLogger } from '../logging/logger.ts';

/** Creates the database, migrates, loads demo data on the first run and ensures the admin account. */
const config = loadConfigOrExit();
const log = createLogger(config, 'setup');
if (await ensureDatabaseExists(config.DATABASE_URL)) log.info('created the database');
const database = openDatabase(config.DATABASE_URL, 4);
const applied = await migrateToLatest(database.db as never);
log.info(applied.length > 0 ? `applied migrations: ${applied.join(', ')}` : 'database is up to date');
const store = openEventStore(config, database);
try {
  await ensureAdmin({ store, ids: randomUUID }, config, (message) => log.info(message));
  await loadDemoDataOnFirstRun(store, { items: Number(process.env.DEMO_ITEMS ?? 3000), images: imageStorageFromConfig(config), log });
} finally {
  await store.close();
  await database.close();
}
