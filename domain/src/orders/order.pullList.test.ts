import { describe, it } from 'vitest';
import { deciderSpec } from '../testing/deciderSpec.ts';
import type { ClientOrder } from './clientOrderSchema.ts';
import type { CatalogueItem } from './catalogueView.ts';
import { orderDecider } from './order.ts';
import type { SyncOrder } from './orderCommands.ts';
import { lineDetailsFrom } from './orderLine.ts';
import { added, catalogue, jane, saga, started } from './testFixtures.ts';

const spec = deciderSpec(orderDecider);
const issue: CatalogueItem = { ...saga, stockItemId: 'p1', name: 'Saga #70', available: 0 };
const pulled = { type: 'OrderItemAdded' as const, data: { ...lineDetailsFrom(issue), quantity: 2, available: 0, pullList: true as const } };
const sync = (order: Partial<ClientOrder>): SyncOrder => ({
  type: 'SyncOrder',
  by: jane,
  order: { orderItems: [], ...order },
  catalogue: catalogue(issue, saga),
});

describe('pull-list lines', () => {
  it('join the order as a line marked pullList, adding to a line of the item', () => {
    spec
      .given([started()])
      .when({ type: 'AddPullListCopies', line: lineDetailsFrom(issue), quantity: 2, available: 0 })
      .then([pulled]);
    spec
      .given([started(), added({ ...issue, available: 3 }, 1)])
      .when({ type: 'AddPullListCopies', line: lineDetailsFrom(issue), quantity: 2, available: 0 })
      .then([{ ...pulled, data: { ...pulled.data, quantity: 3 } }]);
  });

  it('stay whatever a client sends: left out, set to 0, or another quantity (a stale client)', () => {
    for (const orderItems of [[], [{ _id: 'p1', quantity: 0 }], [{ _id: 'p1', quantity: 5 }]]) {
      spec.given([started(), pulled]).when(sync({ orderItems })).then([]);
    }
  });
});
