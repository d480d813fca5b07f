import { describe, expect, it } from 'vitest';
import { fold } from '../shared/decider.ts';
import { orderDecider } from './order.ts';
import type { OrderEvent } from './orderEvents.ts';
import { nextSearchHistory } from './orderState.ts';
import { added, batman, catan, saga, started } from './testFixtures.ts';

const ids = (events: OrderEvent[]) => fold(orderDecider, events).orderItems.map((l) => `${l.stockItemId}x${l.quantity}`);
const qty = (stockItemId: string, previousQuantity: number, quantity: number): OrderEvent => ({
  type: 'OrderItemQuantityChanged',
  data: { stockItemId, name: stockItemId, price: 1, previousQuantity, quantity, available: 9 },
});

describe('order lines', () => {
  it('puts a new item on top', () => {
    expect(ids([started(), added(saga, 1), added(batman, 1)])).toEqual(['s2x1', 's1x1']);
  });
  it('moves an item added again to the top', () => {
    expect(ids([started(), added(saga, 1), added(batman, 1), added(catan, 1), qty('s1', 1, 2)])).toEqual(['s1x2', 's3x1', 's2x1']);
  });
  it('leaves a decreased item in place', () => {
    expect(ids([started(), added(saga, 2), added(batman, 1), qty('s1', 2, 1)])).toEqual(['s2x1', 's1x1']);
  });
  it('removes an item', () => {
    expect(
      ids([
        started(),
        added(saga, 1),
        added(batman, 1),
        { type: 'OrderItemRemoved', data: { stockItemId: 's1', name: 'Saga #1', quantity: 1, reason: 'removed' } },
      ]),
    ).toEqual(['s2x1']);
  });
});

describe('nextSearchHistory', () => {
  it('keeps 5 distinct terms, newest first', () => {
    expect(nextSearchHistory(['a', 'b', 'c', 'd', 'e'], 'C')).toEqual(['C', 'a', 'b', 'd', 'e']);
    expect(nextSearchHistory(['a', 'b', 'c', 'd', 'e'], 'f')).toEqual(['f', 'a', 'b', 'c', 'd']);
  });
});
