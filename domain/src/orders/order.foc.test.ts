import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../testing/deciderSpec.ts';
import type { ClientOrder } from './clientOrderSchema.ts';
import type { CatalogueItem } from './catalogueView.ts';
import { orderDecider } from './order.ts';
import type { SyncOrder } from './orderCommands.ts';
import { planSyncOrder } from './syncOrder.ts';
import { added, catalogue, jane, saga, started } from './testFixtures.ts';

const spec = deciderSpec(orderDecider);
const preOrder: CatalogueItem = {
  ...saga,
  stockItemId: 'p1',
  name: 'Absolute Batman #20',
  periodType: 'pre-order',
  available: 5,
  focDate: '2026-12-01',
};
const closed: CatalogueItem = { ...preOrder, focPassed: true };
const sync = (order: Partial<ClientOrder>, item: CatalogueItem): SyncOrder => ({
  type: 'SyncOrder',
  by: jane,
  order: { orderItems: [], ...order },
  catalogue: catalogue(item, saga),
});

describe('SyncOrder after a pre-order’s FOC', () => {
  it('adds the item before its FOC', () => {
    spec
      .given([started()])
      .when(sync({ orderItems: [{ _id: 'p1', quantity: 1 }] }, preOrder))
      .then([added(preOrder, 1)]);
  });

  it('refuses a new line after its FOC, with a message, as for a sold-out item', () => {
    spec
      .given([started()])
      .when(sync({ orderItems: [{ _id: 'p1', quantity: 1 }] }, closed))
      .then([]);
    expect(planSyncOrder(sync({ orderItems: [{ _id: 'p1', quantity: 1 }] }, closed), { ...startedState() }).messages).toEqual([
      'Absolute Batman #20 can no longer be ordered: its final order cut-off was 1 Dec 2026.',
    ]);
  });

  it('keeps a line ordered before FOC, and lets it go down but not up', () => {
    const before = [started(), added(preOrder, 2)];
    spec
      .given(before)
      .when(sync({ orderItems: [{ _id: 'p1', quantity: 2 }] }, closed))
      .then([]);
    spec
      .given(before)
      .when(sync({ orderItems: [{ _id: 'p1', quantity: 3 }] }, closed))
      .then([]);
    spec
      .given(before)
      .when(sync({ orderItems: [{ _id: 'p1', quantity: 1 }] }, closed))
      .then([
        {
          type: 'OrderItemQuantityChanged',
          data: { stockItemId: 'p1', name: 'Absolute Batman #20', price: 595, previousQuantity: 2, quantity: 1, available: 5 },
        },
      ]);
  });
});

function startedState() {
  return orderDecider.evolve(orderDecider.initialState(), started());
}
