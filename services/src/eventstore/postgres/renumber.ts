import { sql, type Kysely } from 'kysely';
import type { Projector } from '@shop/projections/runner/projector';
import type { ReadModels } from '@shop/projections/schema';

/**
 * Recovery after a logical restore into a new cluster: gives every stored event the frozen
 * transaction id 2 (older than any real transaction) and global positions 1..N in the old order,
 * so the order is kept and new events sort after; then empties the read models and checkpoints so
 * the projector rebuilds them from zero.
 */
export async function renumberTransactionIds(db: Kysely<ReadModels>, projectors: readonly Projector[]): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await sql`lock table events in access exclusive mode`.execute(trx);
    const { rows } = await sql<{ n: string }>`
      with ordered as (
        select global_position as old_position,
               row_number() over (order by transaction_id, global_position) as new_position
        from events
      )
      update events e set transaction_id = '2'::xid8, global_position = o.new_position
      from ordered o where e.global_position = o.old_position
      returning 1 as n`.execute(trx);
    await sql`select setval('events_global_position', greatest((select max(global_position) from events), 1))`.execute(trx);
    await sql`delete from projection_checkpoints`.execute(trx);
    for (const table of new Set(projectors.flatMap((p) => p.tables))) {
      await sql`truncate ${sql.table(table)}`.execute(trx);
    }
    return rows.length;
  });
}
