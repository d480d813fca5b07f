import type { ReadModels } from '@shop/projections/schema';
import { Kysely, PostgresDialect } from 'kysely';
import type pg from 'pg';

/**
 * The read models through `pool`, counting the statements sent that `counts` picks by their SQL:
 * `sent(run)` runs `run` and says how many of those it sent.
 */
export function countingStatements(pool: pg.Pool, counts: (sqlText: string) => boolean) {
  let sentSoFar = 0;
  const db = new Kysely<ReadModels>({
    dialect: new PostgresDialect({ pool }),
    log: (event) => void (counts(event.query.sql) && sentSoFar++),
  });
  async function sent<T>(run: () => Promise<T>): Promise<{ result: T; statements: number }> {
    const before = sentSoFar;
    const result = await run();
    return { result, statements: sentSoFar - before };
  }
  return { db, sent };
}
