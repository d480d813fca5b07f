import { sql, type Kysely } from 'kysely';

/**
 * `es_horizon()`: the transaction id below which every transaction of this database has ended, the
 * bound of every commit-order read (docs/event-store.md, "The ordering guarantee"). The snapshot's
 * running transactions are the whole server's; those that pg_stat_activity places in another
 * database never append here, so they are left out (compared on their low 32 bits: backend_xid is a
 * 32-bit xid): a long transaction elsewhere (a report, another shop's rebuild, another test file's
 * database) does not hold the log back. A transaction of this database that ends between the
 * snapshot and the pg_stat_activity read is in no other database's list, so it still counts: the
 * horizon only ever errs low. A function, not SQL repeated in each read: planning the
 * pg_stat_activity view inside every read cost PostgreSQL more than the read itself; PL/pgSQL plans
 * its query once per connection. STABLE, so it runs in the calling statement's snapshot: the horizon
 * and the read see one snapshot, and an event below the horizon is always visible to the read that
 * uses it.
 */
export const HORIZON = 'es_horizon()';

export async function createHorizonFunction(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function es_horizon() returns xid8 language plpgsql stable as $$
    begin
      return coalesce(
        (select min(running) from pg_snapshot_xip(pg_current_snapshot()) as running
          where (running::text::bigint & 4294967295) not in (
            select backend_xid::text::bigint from pg_stat_activity
            where backend_xid is not null and datname is not null and datname <> current_database())),
        pg_snapshot_xmax(pg_current_snapshot()));
    end $$;
  `.execute(db);
}
