import { sql, type Kysely } from 'kysely';

/** The audit history no longer lists shoppers' recorded searches (isAudited): the entries made before go too. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`delete from audit_entries where event_type = 'OrderSearchRecorded'`.execute(db);
}
