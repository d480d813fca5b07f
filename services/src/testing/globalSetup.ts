import pg from 'pg';
import { openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { serverUrl, TEST_TEMPLATE_DB } from './testDatabase.ts';

/** Migrates the template database once per run; each test file then copies it (fast). */
export default async function setup(): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl('postgres') });
  await client.connect();
  try {
    const stale = await client.query<{ datname: string }>(
      `select datname from pg_database where datname like 'comicshop_test_%' and datname <> $1`,
      [TEST_TEMPLATE_DB],
    );
    for (const { datname } of stale.rows) {
      // Databases left by a run that was killed; ours are created after this point.
      await client.query(`drop database if exists "${datname}" with (force)`).catch(() => undefined);
    }
    await client.query(`drop database if exists ${TEST_TEMPLATE_DB} with (force)`);
    await client.query(`create database ${TEST_TEMPLATE_DB}`);
  } finally {
    await client.end();
  }
  const template = openDatabase(serverUrl(TEST_TEMPLATE_DB), 1);
  try {
    await migrateToLatest(template.db as never);
  } finally {
    await template.close();
  }
}
