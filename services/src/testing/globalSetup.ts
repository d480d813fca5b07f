import pg from 'pg';
import { openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { serverUrl } from './testDatabase.ts';

/** Is the process that made a test database still running? (Its pid is in the name.) */
function ownerAlive(datname: string): boolean {
  const pid = Number(/^comicshop_test_(?:template_)?(\d+)/.exec(datname)?.[1]);
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Migrates this run's template database once; each test file then copies it (fast). Databases left
 * by runs that were killed are dropped; those of runs still going are left alone.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const template = `comicshop_test_template_${process.pid}`;
  process.env.TEST_TEMPLATE_DB = template;
  const client = new pg.Client({ connectionString: serverUrl('postgres') });
  await client.connect();
  try {
    const stale = await client.query<{ datname: string }>(`select datname from pg_database where datname like 'comicshop\\_test\\_%'`);
    for (const { datname } of stale.rows) {
      if (!ownerAlive(datname)) await client.query(`drop database if exists "${datname}" with (force)`).catch(() => undefined);
    }
    await client.query(`drop database if exists ${template} with (force)`);
    await client.query(`create database ${template}`);
  } finally {
    await client.end();
  }
  const db = openDatabase(serverUrl(template), 1);
  try {
    await migrateToLatest(db.db as never);
  } finally {
    await db.close();
  }
  return async () => {
    const c = new pg.Client({ connectionString: serverUrl('postgres') });
    await c.connect();
    await c.query(`drop database if exists ${template} with (force)`).catch(() => undefined);
    await c.end();
  };
}
