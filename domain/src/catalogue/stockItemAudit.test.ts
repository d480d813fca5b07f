import { describe, expect, it } from 'vitest';
import { stockItemInputSchema } from './schemas.ts';
import { describeStockItemEvent } from './stockItemAudit.ts';
import { STOCK_ITEM_EVENT_TYPES, type StockItemEvent } from './stockItemEvents.ts';
import { toStockItemFields } from './stockItemFields.ts';

const item = toStockItemFields(
  stockItemInputSchema.parse({ comicId: 'SEP240001', itemType: 'comic', mainDescription: 'Saga #1', number: 2 }),
  null,
);
const base = { stockItemId: 's', name: 'Saga #1' };

const cases: [StockItemEvent, string][] = [
  [{ type: 'StockItemAdded', data: { stockItemId: 's', ...item } }, 'Added Saga #1 (SEP240001), 2 copies'],
  [
    {
      type: 'StockItemAdded',
      data: {
        stockItemId: 's',
        ...item,
        variantDescription: 'Cover B',
        number: 1,
        batch: { batchId: 'b', batchName: 'NOV26', batchDate: '2026-11-22T00:00:00.000Z', discountPercent: 0 },
      },
    },
    'Added Saga #1 (Cover B) (SEP240001), 1 copy to batch NOV26',
  ],
  [
    { type: 'StockItemEdited', data: { ...base, changes: { priceOverride: 495 }, previous: { priceOverride: 595 } } },
    'Changed price override of Saga #1 from $5.95 to $4.95',
  ],
  [
    { type: 'StockItemEdited', data: { ...base, changes: { priceOverride: 0 }, previous: { priceOverride: 595 } } },
    'Changed price override of Saga #1 from $5.95 to none',
  ],
  [
    {
      type: 'StockItemEdited',
      data: {
        ...base,
        changes: { mainDescription: 'Saga #2', number: 3, releaseMonth: 11, key: true, writer: 'Brian K. Vaughan' },
        previous: { mainDescription: 'Saga #1', number: 2, releaseMonth: 0, key: false, writer: '' },
      },
    },
    'Changed Saga #1: description from "Saga #1" to "Saga #2"; quantity from 2 to 3; release month from unknown to NOV; key issue from no to yes; writer from blank to "Brian K. Vaughan"',
  ],
  [
    { type: 'StockQuantityAdjusted', data: { ...base, by: 2, previousNumber: 2, number: 4, reason: 'Diamond upload NOV26' } },
    'Changed quantity of Saga #1 from 2 to 4 (Diamond upload NOV26)',
  ],
  [
    {
      type: 'StockImagesChanged',
      data: { ...base, images: [{ imageId: 'a' }, { imageId: 'b' }], hasImage: true, previousImages: [], previousHasImage: false },
    },
    'Changed images of Saga #1 to a, b; has image yes',
  ],
  [{ type: 'StockItemDeleted', data: { ...base, comicId: 'SEP240001', batchId: null, reason: null } }, 'Deleted Saga #1 (SEP240001)'],
  [
    { type: 'StockHeld', data: { ...base, orderId: 'o-1', quantity: 2, previousQuantity: 0, available: 1 } },
    'Held 2 copies of Saga #1 for order o-1; 1 left',
  ],
  [
    { type: 'StockHoldReleased', data: { ...base, orderId: 'o-1', quantity: 1, available: 3 } },
    'Released 1 copy of Saga #1 held for order o-1; 3 left',
  ],
  [
    {
      type: 'StockSold',
      data: { ...base, orderId: 'o-1', quantity: 2, unitPriceCents: 595, valueCents: 1190, number: 1, salesQuantity: 2, salesValue: 1190 },
    },
    'Sold 2 copies of Saga #1 at $5.95 to order o-1; 1 in stock',
  ],
  [
    {
      type: 'StockSoldExternally',
      data: {
        ...base,
        externalOrderId: 'e-1',
        quantity: 2,
        valueCents: 1400,
        taken: 1,
        oversold: 1,
        number: 0,
        salesQuantity: 2,
        salesValue: 1400,
      },
    },
    'Sold 2 copies of Saga #1 on the marketplace (order e-1) for $14.00; 0 in stock; OVERSOLD by 1',
  ],
];

describe('describeStockItemEvent', () => {
  it.each(cases.map(([event, text]) => ({ event, text })))('$event.type -> $text', ({ event, text }) => {
    expect(describeStockItemEvent(event)).toBe(text);
  });

  it('describes every stock event type', () => {
    expect(new Set(cases.map(([e]) => e.type))).toEqual(new Set(STOCK_ITEM_EVENT_TYPES));
  });
});
