import { createHash } from 'node:crypto';
import type { PostgresCursor, PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';

/**
 * Starts a statement that is sent as a named prepared statement: parsed and planned once per
 * connection instead of on every call. Only for a hot statement of one fixed text whose plan suits
 * every parameter (index lookups by key): a search's tsquery needs a plan for its own term, and
 * each distinct text prepared stays on its connection until the connection closes.
 */
export const PREPARED = '/* prepared */';

/** Each marked text's name: its hash, so one name never stands for two texts; hashed once per text, not per call. */
const names = new Map<string, string>();
function statementName(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `p${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    names.set(text, name);
  }
  return name;
}

function preparingClient(client: pg.PoolClient): PostgresPoolClient {
  const plain = client as unknown as PostgresPoolClient;
  const query = (sqlOrCursor: string | PostgresCursor<unknown>, parameters?: ReadonlyArray<unknown>) => {
    if (typeof sqlOrCursor !== 'string') return plain.query(sqlOrCursor);
    const values = [...(parameters ?? [])];
    if (!sqlOrCursor.startsWith(PREPARED)) return client.query(sqlOrCursor, values);
    return client.query({ name: statementName(sqlOrCursor), text: sqlOrCursor, values });
  };
  return { query: query as PostgresPoolClient['query'], release: () => client.release() };
}

/** The pool as Kysely sees it, sending the statements that start with `PREPARED` prepared. */
export function preparingPool(pool: pg.Pool): PostgresPool {
  return {
    connect: async () => preparingClient(await pool.connect()),
    end: () => pool.end(),
  };
}
