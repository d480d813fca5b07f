/**
 * The batch decider (stream type 'batch'). The spec says only that a 202 answer to delete or clear
 * means "NOT Deleted - Batch has NOT been deleted." Rules decided here:
 * - BATCH_WITH_STOCK_IS_NOT_DELETED: a batch that still has (undeleted) stock items is not deleted.
 * - CLEAR_REMOVES_NEVER_SOLD_ITEMS: clearing a batch removes its items that have never sold and are
 *   not held by a checkout; items with sales stay (their history matters). When items exist but
 *   none can be removed, the batch is NOT cleared.
 * Both refusals throw BatchNotDeletedError, which the API answers with 202 and its message.
 * The decider cannot see other streams, so the commands carry what the caller counted in the
 * stock read model.
 */
import { DomainError, type Decider } from '../shared/decider.ts';
import { diffFields } from './changes.ts';
import type { BatchCleared, BatchCreated, BatchDeleted, BatchEdited, BatchEvent, BatchFields } from './batchEvents.ts';

// ---- Commands ----

export type CreateBatch = { type: 'CreateBatch'; data: { batchId: string; batch: BatchFields } };
/** Any subset of fields (from batchEditSchema). */
export type EditBatch = { type: 'EditBatch'; data: { changes: Partial<BatchFields> } };
/** stockItemCount: the batch's stock items that are not deleted, counted by the caller. */
export type DeleteBatch = { type: 'DeleteBatch'; data: { stockItemCount: number } };
/** The batch's stock items that are not deleted, as the caller found them. */
export type ClearBatch = {
  type: 'ClearBatch';
  data: { items: { stockItemId: string; salesQuantity: number; heldQuantity: number }[] };
};

export type BatchCommand = CreateBatch | EditBatch | DeleteBatch | ClearBatch;

// ---- State ----

export type BatchState = { status: 'absent' } | { status: 'active' | 'deleted'; batchId: string; batch: BatchFields };
type ExistingBatch = Exclude<BatchState, { status: 'absent' }>;

export const initialBatchState = (): BatchState => ({ status: 'absent' });

// ---- Decide ----

export const BATCH_NOT_FOUND_MESSAGE = 'Batch not found';
/** admin §8: "Batch delete or clear with status 202: 'NOT Deleted - Batch has NOT been deleted.'" */
export const BATCH_NOT_DELETED_MESSAGE = 'NOT Deleted - Batch has NOT been deleted.';

/**
 * A delete or clear the shop declines: not a failure of the call. The API answers 202 with this
 * message (DomainError's status says 409 for callers that do not know this class).
 */
export class BatchNotDeletedError extends DomainError {
  constructor(reason: string) {
    super(`${BATCH_NOT_DELETED_MESSAGE} ${reason}`, 'conflict');
    this.name = 'BatchNotDeletedError';
  }
}

function activeBatch(state: BatchState): ExistingBatch {
  if (state.status !== 'active') throw new DomainError(BATCH_NOT_FOUND_MESSAGE, 'not-found');
  return state;
}

function items(count: number): string {
  return count === 1 ? '1 stock item' : `${count} stock items`;
}

export function createBatch(command: CreateBatch['data'], state: BatchState): BatchCreated[] {
  if (state.status !== 'absent') throw new DomainError('Batch already exists', 'conflict');
  return [{ type: 'BatchCreated', data: { batchId: command.batchId, ...command.batch } }];
}

export function editBatch(command: EditBatch['data'], state: BatchState): BatchEdited[] {
  const batch = activeBatch(state);
  const diff = diffFields(batch.batch, command.changes);
  if (!diff) return [];
  return [{ type: 'BatchEdited', data: { batchId: batch.batchId, name: batch.batch.name, ...diff } }];
}

/** BATCH_WITH_STOCK_IS_NOT_DELETED */
export function deleteBatch(command: DeleteBatch['data'], state: BatchState): BatchDeleted[] {
  if (state.status === 'absent') throw new DomainError(BATCH_NOT_FOUND_MESSAGE, 'not-found');
  if (state.status === 'deleted') return [];
  if (command.stockItemCount > 0) {
    throw new BatchNotDeletedError(`It still has ${items(command.stockItemCount)}; clear or move them first.`);
  }
  return [{ type: 'BatchDeleted', data: { batchId: state.batchId, name: state.batch.name } }];
}

/** CLEAR_REMOVES_NEVER_SOLD_ITEMS */
export function clearBatch(command: ClearBatch['data'], state: BatchState): BatchCleared[] {
  const batch = activeBatch(state);
  if (command.items.length === 0) return [];
  const removable = command.items.filter((item) => item.salesQuantity === 0 && item.heldQuantity === 0);
  if (removable.length === 0) {
    const count = command.items.length;
    throw new BatchNotDeletedError(
      count === 1
        ? 'Its only stock item has sales or is held in checkout, so it was not removed.'
        : `All ${count} stock items have sales or are held in checkout, so none were removed.`,
    );
  }
  return [
    {
      type: 'BatchCleared',
      data: {
        batchId: batch.batchId,
        name: batch.batch.name,
        stockItemIds: removable.map((item) => item.stockItemId),
        keptCount: command.items.length - removable.length,
      },
    },
  ];
}

export function decideBatch(command: BatchCommand, state: BatchState): BatchEvent[] {
  switch (command.type) {
    case 'CreateBatch':
      return createBatch(command.data, state);
    case 'EditBatch':
      return editBatch(command.data, state);
    case 'DeleteBatch':
      return deleteBatch(command.data, state);
    case 'ClearBatch':
      return clearBatch(command.data, state);
    default: {
      const unknown: never = command;
      throw new DomainError(`Unknown batch command ${(unknown as { type: string }).type}`, 'invalid');
    }
  }
}

// ---- Evolve ----

export function evolveBatch(state: BatchState, event: BatchEvent): BatchState {
  if (event.type === 'BatchCreated') {
    const { batchId, ...batch } = event.data;
    return { status: 'active', batchId, batch };
  }
  if (state.status === 'absent') return state;
  switch (event.type) {
    case 'BatchEdited':
      return { ...state, batch: { ...state.batch, ...event.data.changes } };
    case 'BatchDeleted':
      return { ...state, status: 'deleted' };
    case 'BatchCleared':
      return state;
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

export const batchDecider: Decider<BatchCommand, BatchEvent, BatchState> = {
  streamType: 'batch',
  initialState: initialBatchState,
  decide: decideBatch,
  evolve: evolveBatch,
};
