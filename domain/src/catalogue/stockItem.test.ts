import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError, fold } from '../shared/decider.ts';
import { deciderSpec } from '../testing/deciderSpec.ts';
import { stockItemInputSchema } from './schemas.ts';
import { availableQuantity, heldQuantity, stockItemDecider, type StockItemCommand, type StockItemState } from './stockItem.ts';
import type { BatchSnapshot, StockItemAdded, StockItemEvent, StockItemFields } from './stockItemEvents.ts';
import { toStockItemChanges, toStockItemFields } from './stockItemFields.ts';

const spec = deciderSpec(stockItemDecider);
const id = 'stock-1';
const batch: BatchSnapshot = { batchId: 'batch-1', batchName: 'NOV26', batchDate: '2026-11-22T00:00:00.000Z', discountPercent: 0 };

function fields(patch: Partial<StockItemFields> = {}): StockItemFields {
  const input = stockItemInputSchema.parse({
    comicId: 'SEP240001',
    itemType: 'comic',
    mainDescription: 'Saga #1',
    publisher: 'Image Comics',
    srp: 399,
    priceOverride: 595,
    number: 3,
    batchId: batch.batchId,
  });
  return { ...toStockItemFields(input, batch), ...patch };
}

const added = (patch: Partial<StockItemFields> = {}): StockItemAdded => ({
  type: 'StockItemAdded',
  data: { stockItemId: id, ...fields(patch) },
});

const held = (orderId: string, quantity: number, previousQuantity: number, available: number): StockItemEvent => ({
  type: 'StockHeld',
  data: { stockItemId: id, name: 'Saga #1', orderId, quantity, previousQuantity, available },
});

describe('AddStockItem', () => {
  it('adds an item with all its fields and the batch snapshot', () => {
    spec
      .given([])
      .when({ type: 'AddStockItem', data: { stockItemId: id, item: fields() } })
      .then([added()]);
  });

  it('refuses to add the same item twice', () => {
    spec
      .given([added()])
      .when({ type: 'AddStockItem', data: { stockItemId: id, item: fields() } })
      .thenThrows(/already exists/, 'conflict');
  });

  it('refuses an input whose batch was not found', () => {
    const input = stockItemInputSchema.parse({ comicId: 'X1', itemType: 'comic', mainDescription: 'X', batchId: 'other' });
    expect(() => toStockItemFields(input, batch)).toThrow(DomainError);
    expect(() => toStockItemFields(input, null)).toThrow(/Batch not found/);
  });
});

describe('EditStockItem', () => {
  it('records only what changed, with the previous values', () => {
    spec
      .given([added()])
      .when({ type: 'EditStockItem', data: { changes: { priceOverride: 495, publisher: 'Image Comics', number: 3 } } })
      .then([
        {
          type: 'StockItemEdited',
          data: { stockItemId: id, name: 'Saga #1', changes: { priceOverride: 495 }, previous: { priceOverride: 595 } },
        },
      ]);
  });

  it('records nothing when nothing changed', () => {
    spec
      .given([added()])
      .when({ type: 'EditStockItem', data: { changes: { priceOverride: 595, images: [] } } })
      .then([]);
  });

  it('moves an item to another batch with the new snapshot', () => {
    const other: BatchSnapshot = { batchId: 'batch-2', batchName: 'Back 7', batchDate: '2026-12-01T00:00:00.000Z', discountPercent: 10 };
    const changes = toStockItemChanges({ batchId: 'batch-2', writer: undefined }, other);
    expect(changes).toEqual({ batch: other });
    spec
      .given([added()])
      .when({ type: 'EditStockItem', data: { changes } })
      .then([{ type: 'StockItemEdited', data: { stockItemId: id, name: 'Saga #1', changes: { batch: other }, previous: { batch } } }]);
  });

  it('treats a batch snapshot with the same values as unchanged, whatever the key order', () => {
    const same = { discountPercent: 0, batchDate: batch.batchDate, batchName: 'NOV26', batchId: 'batch-1' };
    spec
      .given([added()])
      .when({ type: 'EditStockItem', data: { changes: { batch: same } } })
      .then([]);
  });

  it('cannot set the quantity below what checkouts hold', () => {
    spec
      .given([added(), held('order-1', 2, 0, 1)])
      .when({ type: 'EditStockItem', data: { changes: { number: 1 } } })
      .thenThrows(/Cannot set the quantity of Saga #1 to 1: 2 held by orders in checkout/, 'conflict');
  });

  it('refuses an edit of a missing or deleted item with 404', () => {
    spec
      .given([])
      .when({ type: 'EditStockItem', data: { changes: { number: 1 } } })
      .thenThrows(/not found/, 'not-found');
    spec
      .given([
        added(),
        { type: 'StockItemDeleted', data: { stockItemId: id, name: 'Saga #1', comicId: 'SEP240001', batchId: 'batch-1', reason: null } },
      ])
      .when({ type: 'EditStockItem', data: { changes: { number: 1 } } })
      .thenThrows(/not found/, 'not-found');
  });
});

describe('AdjustQuantity', () => {
  it('adds copies', () => {
    spec
      .given([added()])
      .when({ type: 'AdjustQuantity', data: { by: 2, reason: 'Diamond upload NOV26' } })
      .then([
        {
          type: 'StockQuantityAdjusted',
          data: { stockItemId: id, name: 'Saga #1', by: 2, previousNumber: 3, number: 5, reason: 'Diamond upload NOV26' },
        },
      ]);
  });

  it('does nothing for 0 and refuses to go below 0 or below the held copies', () => {
    spec
      .given([added()])
      .when({ type: 'AdjustQuantity', data: { by: 0, reason: '' } })
      .then([]);
    spec
      .given([added()])
      .when({ type: 'AdjustQuantity', data: { by: -4, reason: 'stock take' } })
      .thenThrows(/Cannot remove 4 of Saga #1: only 3 in stock/, 'conflict');
    spec
      .given([added(), held('order-1', 3, 0, 0)])
      .when({ type: 'AdjustQuantity', data: { by: -1, reason: 'damaged' } })
      .thenThrows(/3 held by orders in checkout/, 'conflict');
    spec
      .given([added()])
      .when({ type: 'AdjustQuantity', data: { by: 1.5, reason: '' } })
      .thenThrows(/whole number/, 'invalid');
  });
});

describe('ChangeImages', () => {
  it('records the new and previous images', () => {
    spec
      .given([added()])
      .when({ type: 'ChangeImages', data: { images: [{ imageId: 'SEP240001-2' }], hasImage: true } })
      .then([
        {
          type: 'StockImagesChanged',
          data: {
            stockItemId: id,
            name: 'Saga #1',
            images: [{ imageId: 'SEP240001-2' }],
            hasImage: true,
            previousImages: [],
            previousHasImage: false,
          },
        },
      ]);
  });

  it('keeps what is not sent and records nothing when nothing changed', () => {
    spec
      .given([added()])
      .when({ type: 'ChangeImages', data: { hasImage: false } })
      .then([]);
    spec
      .given([added({ images: [{ imageId: 'a' }] })])
      .when({ type: 'ChangeImages', data: { hasImage: true } })
      .then([
        {
          type: 'StockImagesChanged',
          data: {
            stockItemId: id,
            name: 'Saga #1',
            images: [{ imageId: 'a' }],
            hasImage: true,
            previousImages: [{ imageId: 'a' }],
            previousHasImage: false,
          },
        },
      ]);
  });
});

describe('DeleteStockItem', () => {
  const deleted: StockItemEvent = {
    type: 'StockItemDeleted',
    data: { stockItemId: id, name: 'Saga #1', comicId: 'SEP240001', batchId: 'batch-1', reason: 'batch NOV26 cleared' },
  };

  it('deletes, once', () => {
    spec
      .given([added()])
      .when({ type: 'DeleteStockItem', data: { reason: 'batch NOV26 cleared' } })
      .then([deleted]);
    spec.given([added(), deleted]).when({ type: 'DeleteStockItem', data: {} }).then([]);
  });

  it('refuses while a checkout holds copies', () => {
    spec
      .given([added(), held('order-1', 1, 0, 2)])
      .when({ type: 'DeleteStockItem', data: {} })
      .thenThrows(/Saga #1 cannot be deleted: 1 held by orders in checkout/, 'conflict');
  });

  it('a deleted item has nothing available', () => {
    expect(availableQuantity(fold(stockItemDecider, [added(), deleted]))).toBe(0);
  });
});

describe('HoldStock', () => {
  it('holds copies for an order and says how many are left', () => {
    spec
      .given([added()])
      .when({ type: 'HoldStock', data: { orderId: 'order-1', quantity: 2 } })
      .then([held('order-1', 2, 0, 1)]);
  });

  it('sets the order hold to the quantity asked: a retry holds nothing more', () => {
    spec
      .given([added(), held('order-1', 2, 0, 1)])
      .when({ type: 'HoldStock', data: { orderId: 'order-1', quantity: 2 } })
      .then([]);
    spec
      .given([added(), held('order-1', 2, 0, 1)])
      .when({ type: 'HoldStock', data: { orderId: 'order-1', quantity: 3 } })
      .then([held('order-1', 3, 2, 0)]);
    spec
      .given([added(), held('order-1', 2, 0, 1)])
      .when({ type: 'HoldStock', data: { orderId: 'order-1', quantity: 1 } })
      .then([held('order-1', 1, 2, 2)]);
  });

  it('refuses with "Only N left" when not enough are available', () => {
    spec
      .given([added(), held('order-1', 2, 0, 1)])
      .when({ type: 'HoldStock', data: { orderId: 'order-2', quantity: 2 } })
      .thenThrows(/^Only 1 left of Saga #1$/, 'conflict');
    spec
      .given([added({ variantDescription: 'Cover B' }), held('order-1', 3, 0, 0)])
      .when({ type: 'HoldStock', data: { orderId: 'order-2', quantity: 1 } })
      .thenThrows(/^Only 0 left of Saga #1 \(Cover B\)$/, 'conflict');
  });

  it('two orders racing for the last copy: exactly one gets it', () => {
    const events = [added({ number: 1 })];
    const first = stockItemDecider.decide({ type: 'HoldStock', data: { orderId: 'a', quantity: 1 } }, fold(stockItemDecider, events));
    spec
      .given([...events, ...first])
      .when({ type: 'HoldStock', data: { orderId: 'b', quantity: 1 } })
      .thenThrows(/Only 0 left/, 'conflict');
  });

  it('refuses a quantity below 1 and a missing item', () => {
    spec
      .given([added()])
      .when({ type: 'HoldStock', data: { orderId: 'o', quantity: 0 } })
      .thenThrows(/at least 1/, 'invalid');
    spec
      .given([])
      .when({ type: 'HoldStock', data: { orderId: 'o', quantity: 1 } })
      .thenThrows(/not found/, 'not-found');
  });
});

describe('ReleaseHold', () => {
  it('releases the order hold, and is a no-op when there is none', () => {
    spec
      .given([added(), held('order-1', 2, 0, 1)])
      .when({ type: 'ReleaseHold', data: { orderId: 'order-1' } })
      .then([{ type: 'StockHoldReleased', data: { stockItemId: id, name: 'Saga #1', orderId: 'order-1', quantity: 2, available: 3 } }]);
    spec
      .given([added()])
      .when({ type: 'ReleaseHold', data: { orderId: 'order-1' } })
      .then([]);
  });
});

describe('SellHeld', () => {
  const sold: StockItemEvent = {
    type: 'StockSold',
    data: {
      stockItemId: id,
      name: 'Saga #1',
      orderId: 'order-1',
      quantity: 2,
      unitPriceCents: 595,
      valueCents: 1190,
      number: 1,
      salesQuantity: 2,
      salesValue: 1190,
    },
  };

  it('turns the hold into a sale, once', () => {
    spec
      .given([added(), held('order-1', 2, 0, 1)])
      .when({ type: 'SellHeld', data: { orderId: 'order-1', unitPriceCents: 595 } })
      .then([sold]);
    spec
      .given([added(), held('order-1', 2, 0, 1), sold])
      .when({ type: 'SellHeld', data: { orderId: 'order-1', unitPriceCents: 595 } })
      .then([]);
  });

  it('leaves the item with the sold copies gone and no hold', () => {
    const state = fold(stockItemDecider, [added(), held('order-1', 2, 0, 1), sold]);
    expect(availableQuantity(state)).toBe(1);
    expect(heldQuantity(state)).toBe(0);
  });

  it('refuses without a hold', () => {
    spec
      .given([added()])
      .when({ type: 'SellHeld', data: { orderId: 'order-1', unitPriceCents: 595 } })
      .thenThrows(/No copies of Saga #1 are held/, 'conflict');
  });
});

describe('RecordExternalSale', () => {
  it('takes free copies once per marketplace order', () => {
    const sale: StockItemEvent = {
      type: 'StockSoldExternally',
      data: {
        stockItemId: id,
        name: 'Saga #1',
        externalOrderId: '12-34567-89012',
        quantity: 1,
        valueCents: 700,
        taken: 1,
        oversold: 0,
        number: 2,
        salesQuantity: 1,
        salesValue: 700,
      },
    };
    spec
      .given([added()])
      .when({ type: 'RecordExternalSale', data: { externalOrderId: '12-34567-89012', quantity: 1, valueCents: 700 } })
      .then([sale]);
    spec
      .given([added(), sale])
      .when({ type: 'RecordExternalSale', data: { externalOrderId: '12-34567-89012', quantity: 1 } })
      .then([]);
  });

  it('records copies held by checkouts as oversold and keeps the holds', () => {
    spec
      .given([added({ number: 2 }), held('order-1', 1, 0, 1)])
      .when({ type: 'RecordExternalSale', data: { externalOrderId: 'e-1', quantity: 3 } })
      .then([
        {
          type: 'StockSoldExternally',
          data: {
            stockItemId: id,
            name: 'Saga #1',
            externalOrderId: 'e-1',
            quantity: 3,
            valueCents: 0,
            taken: 1,
            oversold: 2,
            number: 1,
            salesQuantity: 3,
            salesValue: 0,
          },
        },
      ]);
  });
});

describe('stock invariants under any sequence of commands', () => {
  const orderId = fc.constantFrom('o1', 'o2', 'o3');
  const command: fc.Arbitrary<StockItemCommand> = fc.oneof(
    fc.record({ type: fc.constant('HoldStock' as const), data: fc.record({ orderId, quantity: fc.integer({ min: 1, max: 4 }) }) }),
    fc.record({ type: fc.constant('ReleaseHold' as const), data: fc.record({ orderId }) }),
    fc.record({ type: fc.constant('SellHeld' as const), data: fc.record({ orderId, unitPriceCents: fc.integer({ min: 0, max: 5000 }) }) }),
    fc.record({
      type: fc.constant('RecordExternalSale' as const),
      data: fc.record({ externalOrderId: fc.constantFrom('e1', 'e2'), quantity: fc.integer({ min: 1, max: 3 }) }),
    }),
    fc.record({
      type: fc.constant('AdjustQuantity' as const),
      data: fc.record({ by: fc.integer({ min: -3, max: 3 }), reason: fc.constant('') }),
    }),
    fc.record({
      type: fc.constant('EditStockItem' as const),
      data: fc.record({ changes: fc.record({ number: fc.integer({ min: 0, max: 6 }) }) }),
    }),
    fc.record({ type: fc.constant('DeleteStockItem' as const), data: fc.constant({}) }),
  );

  it('never has negative stock, never holds more than it has, and sales only go up', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5 }), fc.array(command, { maxLength: 30 }), (number, commands) => {
        let state: StockItemState = fold(stockItemDecider, [added({ number })]);
        for (const c of commands) {
          let events: StockItemEvent[] = [];
          try {
            events = stockItemDecider.decide(c, state);
          } catch (e) {
            if (!(e instanceof DomainError)) throw e;
          }
          const before = state;
          state = events.reduce(stockItemDecider.evolve, state);
          if (state.status === 'absent' || before.status === 'absent') throw new Error('item vanished');
          expect(state.item.number).toBeGreaterThanOrEqual(0);
          expect(heldQuantity(state)).toBeLessThanOrEqual(state.item.number);
          expect(state.item.salesQuantity).toBeGreaterThanOrEqual(before.item.salesQuantity);
          expect(state.item.salesValue).toBeGreaterThanOrEqual(before.item.salesValue);
        }
      }),
    );
  });
});
