import { sql, type Kysely, type Transaction } from 'kysely';
import type { GlobalPosition } from '@shop/domain/shared/events';
import type { ReadModels } from '../schema.ts';
import { positionFromString, positionToString } from './eventSource.ts';

export async function readCheckpoint(db: Kysely<ReadModels> | Transaction<ReadModels>, projector: string): Promise<GlobalPosition | null> {
  const row = await db.selectFrom('projection_checkpoints').select('position').where('projector', '=', projector).executeTakeFirst();
  return positionFromString(row?.position);
}

export async function ensureCheckpointRow(db: Kysely<ReadModels>, projector: string): Promise<void> {
  await db
    .insertInto('projection_checkpoints')
    .values({ projector, position: null })
    .onConflict((oc) => oc.column('projector').doNothing())
    .execute();
}

/**
 * Moves the checkpoint from `from` to `to`; false when another instance moved it first (the
 * caller then rolls back its batch, so nothing is applied twice).
 */
export async function advanceCheckpoint(
  trx: Transaction<ReadModels>,
  projector: string,
  from: GlobalPosition | null,
  to: GlobalPosition,
): Promise<boolean> {
  const result = await trx
    .updateTable('projection_checkpoints')
    .set({ position: positionToString(to), updated_at: sql<Date>`now()` })
    .where('projector', '=', projector)
    .where(sql<boolean>`position is not distinct from ${positionToString(from)}`)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}
