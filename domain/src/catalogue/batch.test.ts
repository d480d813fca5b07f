import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../testing/deciderSpec.ts';
import { batchDecider, BatchNotDeletedError, decideBatch } from './batch.ts';
import { describeBatchEvent } from './batchAudit.ts';
import { BATCH_EVENT_TYPES, type BatchCreated, type BatchEvent } from './batchEvents.ts';
import { batchInputSchema } from './schemas.ts';

const spec = deciderSpec(batchDecider);
const now = new Date('2026-11-01T00:00:00Z');
const fields = batchInputSchema(now).parse({ name: 'NOV26', type: 'diamond' });
const created: BatchCreated = { type: 'BatchCreated', data: { batchId: 'b-1', ...fields } };
const deleted: BatchEvent = { type: 'BatchDeleted', data: { batchId: 'b-1', name: 'NOV26' } };

describe('CreateBatch', () => {
  it('creates a batch with all its fields', () => {
    spec
      .given([])
      .when({ type: 'CreateBatch', data: { batchId: 'b-1', batch: fields } })
      .then([created]);
  });

  it('refuses to create it twice', () => {
    spec
      .given([created])
      .when({ type: 'CreateBatch', data: { batchId: 'b-1', batch: fields } })
      .thenThrows(/already exists/, 'conflict');
  });
});

describe('EditBatch', () => {
  it('records only what changed', () => {
    spec
      .given([created])
      .when({ type: 'EditBatch', data: { changes: { discountPercent: 10, name: 'NOV26' } } })
      .then([
        {
          type: 'BatchEdited',
          data: { batchId: 'b-1', name: 'NOV26', changes: { discountPercent: 10 }, previous: { discountPercent: 0 } },
        },
      ]);
    spec
      .given([created])
      .when({ type: 'EditBatch', data: { changes: { name: 'NOV26' } } })
      .then([]);
  });

  it('refuses to edit a missing or deleted batch', () => {
    spec
      .given([])
      .when({ type: 'EditBatch', data: { changes: { name: 'x' } } })
      .thenThrows(/Batch not found/, 'not-found');
    spec
      .given([created, deleted])
      .when({ type: 'EditBatch', data: { changes: { name: 'x' } } })
      .thenThrows(/Batch not found/, 'not-found');
  });
});

describe('DeleteBatch: a batch that still has stock items is not deleted', () => {
  it('deletes an empty batch, once', () => {
    spec
      .given([created])
      .when({ type: 'DeleteBatch', data: { stockItemCount: 0 } })
      .then([deleted]);
    spec
      .given([created, deleted])
      .when({ type: 'DeleteBatch', data: { stockItemCount: 0 } })
      .then([]);
  });

  it('declines with the 202 "NOT Deleted" answer while items remain', () => {
    spec
      .given([created])
      .when({ type: 'DeleteBatch', data: { stockItemCount: 3 } })
      .thenThrows(/^NOT Deleted - Batch has NOT been deleted\. It still has 3 stock items; clear or move them first\.$/);
    let thrown: unknown;
    try {
      decideBatch({ type: 'DeleteBatch', data: { stockItemCount: 1 } }, batchDecider.evolve(batchDecider.initialState(), created));
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(BatchNotDeletedError);
    expect((thrown as BatchNotDeletedError).kind).toBe('conflict');
  });

  it('refuses a missing batch', () => {
    spec
      .given([])
      .when({ type: 'DeleteBatch', data: { stockItemCount: 0 } })
      .thenThrows(/Batch not found/, 'not-found');
  });
});

describe('ClearBatch: removes the items that never sold', () => {
  it('lists the never-sold, unheld items for deletion and counts the rest', () => {
    spec
      .given([created])
      .when({
        type: 'ClearBatch',
        data: {
          items: [
            { stockItemId: 's-1', salesQuantity: 0, heldQuantity: 0 },
            { stockItemId: 's-2', salesQuantity: 2, heldQuantity: 0 },
            { stockItemId: 's-3', salesQuantity: 0, heldQuantity: 1 },
            { stockItemId: 's-4', salesQuantity: 0, heldQuantity: 0 },
          ],
        },
      })
      .then([{ type: 'BatchCleared', data: { batchId: 'b-1', name: 'NOV26', stockItemIds: ['s-1', 's-4'], keptCount: 2 } }]);
  });

  it('does nothing for an empty batch', () => {
    spec
      .given([created])
      .when({ type: 'ClearBatch', data: { items: [] } })
      .then([]);
  });

  it('declines with "NOT Deleted" when every item has sold', () => {
    spec
      .given([created])
      .when({ type: 'ClearBatch', data: { items: [{ stockItemId: 's-1', salesQuantity: 1, heldQuantity: 0 }] } })
      .thenThrows(/^NOT Deleted - Batch has NOT been deleted\. Its only stock item has sales/);
    spec
      .given([created])
      .when({
        type: 'ClearBatch',
        data: {
          items: [
            { stockItemId: 's-1', salesQuantity: 1, heldQuantity: 0 },
            { stockItemId: 's-2', salesQuantity: 0, heldQuantity: 2 },
          ],
        },
      })
      .thenThrows(/All 2 stock items have sales or are held in checkout, so none were removed\.$/);
  });
});

describe('describeBatchEvent', () => {
  const cases: [BatchEvent, string][] = [
    [created, 'Created batch NOV26 (diamond, comic new from Diamond), publishes 22 Nov 2026'],
    [
      { type: 'BatchCreated', data: { ...created.data, name: 'Sale', discountPercent: 20 } },
      'Created batch Sale (diamond, comic new from Diamond), publishes 22 Nov 2026, 20% off',
    ],
    [
      { type: 'BatchEdited', data: { batchId: 'b-1', name: 'NOV26', changes: { discountPercent: 10 }, previous: { discountPercent: 0 } } },
      'Changed discount of batch NOV26 from 0% to 10%',
    ],
    [
      {
        type: 'BatchEdited',
        data: {
          batchId: 'b-1',
          name: 'NOV26',
          changes: { value: 125000, cutOffDate: '2026-12-05T00:00:00.000Z' },
          previous: { value: 0, cutOffDate: null },
        },
      },
      'Changed batch NOV26: purchase value from $0.00 to $1,250.00; cut-off date from none to 5 Dec 2026',
    ],
    [deleted, 'Deleted batch NOV26'],
    [
      { type: 'BatchCleared', data: { batchId: 'b-1', name: 'NOV26', stockItemIds: ['a', 'b'], keptCount: 1 } },
      'Cleared batch NOV26: removing 2 items never sold; kept 1 item with sales or held',
    ],
  ];

  it.each(cases.map(([event, text]) => ({ event, text })))('$event.type -> $text', ({ event, text }) => {
    expect(describeBatchEvent(event)).toBe(text);
  });

  it('describes every batch event type', () => {
    expect(new Set(cases.map(([e]) => e.type))).toEqual(new Set(BATCH_EVENT_TYPES));
  });
});
