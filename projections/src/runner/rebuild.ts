import { sql, type Kysely } from 'kysely';
import type { ReadModels } from '../schema.ts';
import { readCheckpoint } from './checkpoints.ts';
import type { EventSource } from './eventSource.ts';
import { typesOf, type Projector } from './projector.ts';

export interface RebuildReport {
  projector: string;
  events: number;
  /** Rows present on one side and not the other, per table (0 everywhere means equal). */
  differences: Record<string, number>;
  equal: boolean;
  replaced: boolean;
  millis: number;
}

/**
 * Rebuilds a projector's tables from zero into a scratch schema, up to exactly the live checkpoint,
 * and compares them with the live tables. The live checkpoint row is locked meanwhile, so the live
 * projector waits (it cannot commit a batch) and both sides describe the same point of the log.
 * With `replace`, the live tables take the rebuilt rows (after a projector's code changed).
 */
export async function rebuildProjector(
  db: Kysely<ReadModels>,
  source: EventSource,
  projector: Projector,
  options: { replace?: boolean; batchSize?: number } = {},
): Promise<RebuildReport> {
  const started = Date.now();
  const scratch = `rebuild_${projector.name.replace(/[^a-z0-9_]/gi, '_').toLowerCase()}`;
  const batchSize = options.batchSize ?? 5000;
  return db.transaction().execute(async (trx) => {
    if (options.replace) {
      // Taken before the checkpoint lock so the live projector can never hold a table we wait for.
      await sql`lock table ${sql.join(projector.tables.map((t) => sql.table(t)))} in exclusive mode`.execute(trx);
    }
    await sql`select 1 from projection_checkpoints where projector = ${projector.name} for share`.execute(trx);
    const upTo = await readCheckpoint(trx, projector.name);

    await sql`drop schema if exists ${sql.id(scratch)} cascade`.execute(trx);
    await sql`create schema ${sql.id(scratch)}`.execute(trx);
    for (const table of projector.tables) {
      await sql`create table ${sql.id(scratch, table)} (like ${sql.id('public', table)} including all)`.execute(trx);
    }
    // Unique indexes stay (upserts need them); the others only slow the rebuild's inserts down.
    const { rows: secondary } = await sql<{ name: string }>`
      select i.relname as name from pg_index x
      join pg_class i on i.oid = x.indexrelid join pg_namespace n on n.oid = i.relnamespace
      where n.nspname = ${scratch} and not x.indisunique`.execute(trx);
    for (const { name } of secondary) await sql`drop index ${sql.id(scratch, name)}`.execute(trx);
    await sql`set local search_path to ${sql.id(scratch)}, public`.execute(trx);

    let events = 0;
    let after = null;
    if (upTo) {
      for (;;) {
        const batch = await source.readAll({ after, limit: batchSize, types: typesOf(projector), upTo });
        if (batch.events.length > 0) await projector.apply(trx, batch.events);
        events += batch.events.length;
        if (
          !batch.next ||
          (after && batch.next.globalPosition === after.globalPosition && batch.next.transactionId === after.transactionId)
        )
          break;
        after = batch.next;
      }
    }

    const differences: Record<string, number> = {};
    for (const table of projector.tables) {
      const live = sql.id('public', table);
      const rebuilt = sql.id(scratch, table);
      const { rows } = await sql<{ n: string }>`
        select count(*) as n from (
          (select * from ${live} except all select * from ${rebuilt})
          union all
          (select * from ${rebuilt} except all select * from ${live})
        ) d`.execute(trx);
      differences[table] = Number(rows[0]!.n);
    }
    const equal = Object.values(differences).every((n) => n === 0);

    if (options.replace) {
      for (const table of projector.tables) {
        // Generated columns (search vectors, in_stock) are computed again by the insert: naming them is an error.
        const { rows: stored } = await sql<{ column_name: string }>`
          select column_name from information_schema.columns
          where table_schema = 'public' and table_name = ${table} and is_generated = 'NEVER'
          order by ordinal_position`.execute(trx);
        const columns = sql.join(stored.map((c) => sql.id(c.column_name)));
        await sql`delete from ${sql.id('public', table)}`.execute(trx);
        await sql`insert into ${sql.id('public', table)} (${columns}) select ${columns} from ${sql.id(scratch, table)}`.execute(trx);
      }
    }
    await sql`drop schema ${sql.id(scratch)} cascade`.execute(trx);
    return { projector: projector.name, events, differences, equal, replaced: !!options.replace, millis: Date.now() - started };
  });
}
