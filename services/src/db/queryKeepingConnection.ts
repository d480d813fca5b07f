import pg from 'pg';

/**
 * `pool.query`, except that an error the server answered (a conflicting append, a constraint) hands
 * the connection back to the pool. pg-pool closes the connection on any error, and under contention
 * every refused append would then cost a new PostgreSQL backend (a fork, cold caches, statements
 * prepared again). Errors of the connection itself still close it.
 */
export async function queryKeepingConnection<R extends pg.QueryResultRow>(
  pool: pg.Pool,
  query: pg.QueryConfig,
): Promise<pg.QueryResult<R>> {
  const client = await pool.connect();
  let result: pg.QueryResult<R>;
  try {
    result = await client.query<R>(query);
  } catch (e) {
    // Outside a transaction a refused statement leaves the session as it was: ready for the next one.
    client.release(e instanceof pg.DatabaseError ? undefined : (e as Error));
    throw e;
  }
  client.release();
  return result;
}
