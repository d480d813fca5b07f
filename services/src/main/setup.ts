import { randomUUID } from 'node:crypto';
import { loadConfigOrExit } from '../config/config.ts';
import { ensureDatabaseExists, openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { ensureAdmin } from './setup/ensureAdmin.ts';
import { loadDemoDataOnFirstRun } from './setup/demoData.ts';
import { openEventStore } from './runtime.ts';
import { imageStorageFromConfig } from '../storage/storageFromConfig.ts';

/** Creates the database, migrates, loads demo data on the first run and ensures the admin account. */
const config = loadConfigOrExit();
if (await ensureDatabaseExists(config.DATABASE_URL)) console.log('[setup] created the database');
const database = openDatabase(config.DATABASE_URL, 4);
const applied = await migrateToLatest(database.db as never);
console.log(applied.length > 0 ? `[setup] applied migrations: ${applied.join(', ')}` : '[setup] database is up to date');
const store = openEventStore(config, database);
try {
  await ensureAdmin({ store, ids: randomUUID }, config);
  await loadDemoDataOnFirstRun(store, { items: Number(process.env.DEMO_ITEMS ?? 3000), images: imageStorageFromConfig(config) });
} finally {
  await store.close();
  await database.close();
}
