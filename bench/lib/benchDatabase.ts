import pg from 'pg';
import { generateDemoCatalogue } from '../../services/src/demo/demoCatalogue.ts';
import { allProjectors } from '../../projections/src/index.ts';
import { ProjectionRunner } from '../../projections/src/runner/projectionRunner.ts';
import { appendCatalogue } from '../../services/src/catalogue/loadCatalogue.ts';
import { openDatabase, type Database } from '../../services/src/db/database.ts';
import { migrateToLatest } from '../../services/src/db/migrate.ts';
import { PostgresEventStore } from '../../services/src/eventstore/postgres/postgresEventStore.ts';
import { DEMO_SEED } from '../../services/src/main/setup/demoData.ts';
import { serverUrl } from '../../services/src/testing/testDatabase.ts';

/** A fresh, migrated database for one benchmark run (dropped and created again each run). */
export async function freshBenchDatabase(name: string, poolSize = 40): Promise<Database & { url: string }> {
  const admin = new pg.Client({ connectionString: serverUrl('postgres') });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = serverUrl(name);
  const database = openDatabase(url, poolSize);
  await migrateToLatest(database.db as never);
  return { ...database, url };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export const fmt = (n: number) => Math.round(n).toLocaleString('en-AU');

/** The database's comment (benches mark a finished build there), or null when there is no such database. */
export async function databaseComment(name: string): Promise<string | null> {
  const admin = new pg.Client({ connectionString: serverUrl('postgres') });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ comment: string | null }>(
      `select shobj_description(oid, 'pg_database') as comment from pg_database where datname = $1`,
      [name],
    );
    return rows[0] ? (rows[0].comment ?? '') : null;
  } finally {
    await admin.end();
  }
}

export async function stockItemCount(name: string): Promise<number> {
  const client = new pg.Client({ connectionString: serverUrl(name) });
  await client.connect();
  try {
    return Number((await client.query<{ n: string }>('select count(*) as n from stock_items')).rows[0]!.n);
  } finally {
    await client.end();
  }
}

/** As the shop's setup does before the API starts: a database built before the latest migrations gets them. */
export async function migrateBenchDatabase(name: string, label: string): Promise<void> {
  const database = openDatabase(serverUrl(name), 1);
  try {
    await migrateToLatest(database.db as never);
  } catch (e) {
    // e.g. built by a newer checkout: measure it as it is.
    console.log(`${label}: ${name} not migrated (${(e as Error).message})`);
  } finally {
    await database.close();
  }
}

/** Catches every read model up with the log (in this process), then stops. */
export async function projectAll(database: Database, store: PostgresEventStore): Promise<void> {
  const runner = new ProjectionRunner({
    db: database.db,
    pool: database.pool,
    source: store,
    projectors: allProjectors,
    batchSize: 5000,
    pollMs: 50,
  });
  runner.start();
  await runner.waitUntilCaughtUp(30 * 60_000);
  await runner.stop();
}

/**
 * The demo catalogue of `items` items (the shop's own generator and seed) appended and projected
 * into a fresh database, as `npm start` loads its demo; `mark` is written as the database's comment
 * once it is finished, so a later run can tell a finished build from a half-built one.
 */
export async function buildDemoCatalogue(name: string, items: number, label: string, mark?: string): Promise<void> {
  const database = await freshBenchDatabase(name);
  const store = new PostgresEventStore(database.pool, database.url);
  try {
    let started = performance.now();
    const catalogue = generateDemoCatalogue({ seed: DEMO_SEED, items, now: new Date('2026-11-23T00:00:00Z') });
    await appendCatalogue(store, catalogue, { concurrency: 16 });
    console.log(`${label}: appended ${fmt(items)} items in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    started = performance.now();
    await projectAll(database, store);
    console.log(`  projected in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    // As autovacuum would have by now (this machine's PostgreSQL runs without it): statistics for the
    // planner and the visibility map for index-only scans, on the log and every read model.
    await database.pool.query('vacuum analyze');
    if (mark) await database.pool.query(`comment on database ${name} is '${mark.replace(/'/g, "''")}'`);
  } finally {
    await store.close();
    await database.close();
  }
}
