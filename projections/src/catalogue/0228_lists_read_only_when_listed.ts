import type { Kysely } from 'kysely';
import { stockItemsUpdated } from './0225_item_changes_scoped.ts';

/**
 * A stock movement reads the kept search lists only when a row came back in stock or changed a column
 * a list is matched or ordered by. 0225 lost 0224's guard: every sale, hold and release ran the
 * delete, which read every kept list (one row per search since the structure moved, thousands on a
 * busy day) to find that no changed row qualified.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await stockItemsUpdated(true).execute(db);
}
