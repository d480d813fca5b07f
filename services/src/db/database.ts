import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { ReadModels } from '@shop/projections/schema';
import { preparingPool } from './preparedStatements.ts';
import { gatedPool, type BrowseGate } from './salesFirst.ts';

export interface Database {
  pool: pg.Pool;
  db: Kysely<ReadModels>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /**
   * false: the pool's commits return before their WAL is flushed (`synchronous_commit = off`), for a
   * pool that only writes what can be made again (the browse pool's kept search lists). A crash loses
   * at most the last moments of such writes, never an event.
   */
  synchronousCommit?: boolean;
  /** Every connection taken waits its turn here first (the browse pool's sales-first gate). */
  gate?: BrowseGate;
  /**
   * What PostgreSQL shows for these connections (`pg_stat_activity.application_name`, and its log's
   * `%a`): which role and pool holds a backend. An `application_name` in the URL wins.
   */
  applicationName?: string;
}

export function openDatabase(connectionString: string, max = 10, options: DatabaseOptions = {}): Database {
  // A caller that waits 30 s for a connection gets an error, not a hang: a pool too small for the
  // locks its projectors hold fails loudly instead of stalling every request behind it.
  const pool = new pg.Pool({
    connectionString,
    max,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 30_000,
    ...(options.applicationName ? { application_name: options.applicationName } : {}),
    ...(options.synchronousCommit === false ? { options: '-c synchronous_commit=off' } : {}),
  });
  // A dropped idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  const preparing = preparingPool(pool);
  const db = new Kysely<ReadModels>({
    dialect: new PostgresDialect({ pool: options.gate ? gatedPool(preparing, options.gate) : preparing }),
  });
  let closed = false;
  return {
    pool,
    db,
    async close() {
      if (closed) return;
      closed = true;
      await db.destroy();
    },
  };
}

/** Creates the database named in the URL when it does not exist (connecting to `postgres` to do so). */
export async function ensureDatabaseExists(connectionString: string): Promise<boolean> {
  const url = new URL(connectionString);
  const name = decodeURIComponent(url.pathname.slice(1));
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (rowCount) return false;
    await client.query(`create database "${name.replaceAll('"', '""')}"`);
    return true;
  } finally {
    await client.end();
  }
}
