/** Events of the 'batch' stream. Data is self-describing (names included) for projections and audit. */
import type { DomainEvent } from '../shared/events.ts';
import type { BatchInput } from './schemas.ts';

/** Everything recorded about a batch: the validated input (admin §3 "Batch"). */
export type BatchFields = BatchInput;

export type BatchCreated = DomainEvent<'BatchCreated', { batchId: string } & BatchFields>;

/** Only the fields that changed; `previous` has the same keys with the values before. `name` is the name before. */
export type BatchEdited = DomainEvent<
  'BatchEdited',
  { batchId: string; name: string; changes: Partial<BatchFields>; previous: Partial<BatchFields> }
>;

export type BatchDeleted = DomainEvent<'BatchDeleted', { batchId: string; name: string }>;

/**
 * The batch's never-sold items are to be removed: `stockItemIds` are deleted next, one
 * DeleteStockItem per item; `keptCount` items stay because they have sales or are held.
 */
export type BatchCleared = DomainEvent<'BatchCleared', { batchId: string; name: string; stockItemIds: string[]; keptCount: number }>;

export type BatchEvent = BatchCreated | BatchEdited | BatchDeleted | BatchCleared;
export type BatchEventType = BatchEvent['type'];

const EVENT_TYPE_SET: Record<BatchEventType, true> = {
  BatchCreated: true,
  BatchEdited: true,
  BatchDeleted: true,
  BatchCleared: true,
};
/** Every batch event type (checked complete by the compiler). */
export const BATCH_EVENT_TYPES = Object.keys(EVENT_TYPE_SET) as BatchEventType[];
