import { sql, type Kysely } from 'kysely';

/**
 * The GIN index on the kept search lists' ids gathers new entries in a pending list and merges them
 * into the index when it passes `gin_pending_list_limit` (4 MB by default), in whichever statement
 * crosses it: about one search miss in fifteen paid a 200-290 ms merge for everyone's lists. At
 * 256 kB the merges are small (tens of ms) and a miss's median is unchanged.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter index catalogue_lists_ids set (gin_pending_list_limit = 256)`.execute(db);
}
