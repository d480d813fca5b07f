/**
 * From the HTTP input (schemas.ts) to the decider's fields: the caller resolves the input's batchId
 * to a BatchSnapshot (reading the batch read model) and passes it in.
 */
import { DomainError } from '../shared/decider.ts';
import { BATCH_NOT_FOUND_MESSAGE } from './batch.ts';
import type { StockItemEdit, StockItemInput } from './schemas.ts';
import type { BatchSnapshot, StockItemFields } from './stockItemEvents.ts';

function checkBatch(batchId: string | null, batch: BatchSnapshot | null): BatchSnapshot | null {
  if (batchId === null) return null;
  if (!batch || batch.batchId !== batchId) throw new DomainError(BATCH_NOT_FOUND_MESSAGE, 'not-found');
  return batch;
}

/** An add: the input with batchId replaced by the batch's snapshot (404 when it does not match). */
export function toStockItemFields(input: StockItemInput, batch: BatchSnapshot | null): StockItemFields {
  const { batchId, ...rest } = input;
  return { ...rest, batch: checkBatch(batchId, batch) };
}

/** An edit: only the fields sent; a sent batchId becomes the batch's snapshot. */
export function toStockItemChanges(edit: StockItemEdit, batch: BatchSnapshot | null = null): Partial<StockItemFields> {
  const { batchId, ...rest } = edit;
  const changes: Partial<StockItemFields> = {};
  for (const [key, value] of Object.entries(rest) as [keyof typeof rest, unknown][]) {
    if (value !== undefined) Object.assign(changes, { [key]: value });
  }
  if (batchId !== undefined) changes.batch = checkBatch(batchId, batch);
  return changes;
}
