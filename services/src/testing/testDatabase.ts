import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../db/database.ts';

/** The migrated template of this test run (set by globalSetup; each run has its own). */
export function templateDatabase(): string {
  const name = process.env.TEST_TEMPLATE_DB;
  if (!name) throw new Error('TEST_TEMPLATE_DB is not set: integration tests run through vitest with services/src/testing/globalSetup.ts');
  return name;
}

export function serverUrl(database: string): string {
  const base = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  base.pathname = `/${database}`;
  return base.toString();
}

/** Runs `fn` with a connection to the server's `postgres` database (creating roles and databases). */
export async function asServerAdmin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl('postgres') });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export interface TestDatabase extends Database {
  url: string;
  name: string;
  /** Closes connections and drops the database. */
  drop(): Promise<void>;
}

/**
 * A fresh, migrated database for one test file, copied from the template that globalSetup migrated.
 * Each file gets its own, so files run in parallel without seeing each other's events.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `comicshop_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await asServerAdmin(async (c) => {
    for (let attempt = 0; ; attempt++) {
      try {
        await c.query(`create database ${name} template ${templateDatabase()}`);
        return;
      } catch (e) {
        // Another file copying the template at the same moment holds it briefly.
        if (attempt > 20 || !/being accessed by other users/.test((e as Error).message)) throw e;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
  });
  const url = serverUrl(name);
  // The test app's projection runner holds a connection per projector (its advisory lock), as the
  // projector process does from its pool of 20; the API's calls need the rest.
  const database = openDatabase(url, 20);
  return {
    ...database,
    url,
    name,
    async drop() {
      await database.close();
      await asServerAdmin((c) => c.query(`drop database if exists ${name} with (force)`));
    },
  };
}
