import { DomainError } from '../shared/decider.ts';
import type { AddPullListCopies } from './orderCommands.ts';
import type { OrderEvent } from './orderEvents.ts';
import { assertCurrent, assertNoCheckoutInProgress, assertOrderExists } from './orderGuards.ts';
import type { OrderState } from './orderState.ts';

/**
 * AddPullListCopies: released pull-list copies join the order as a line marked `pullList` (on top,
 * as an added item is). A line the order already had of the item becomes that line, with the copies
 * added. The order must be current and not paying.
 */
export function addPullListCopies(command: AddPullListCopies, state: OrderState): OrderEvent[] {
  assertOrderExists(state);
  assertCurrent(state);
  assertNoCheckoutInProgress(state);
  if (!Number.isSafeInteger(command.quantity) || command.quantity < 1) {
    throw new DomainError('Quantity must be a whole number of at least 1', 'invalid');
  }
  const existing = state.orderItems.find((l) => l.stockItemId === command.line.stockItemId);
  return [
    {
      type: 'OrderItemAdded',
      data: {
        ...command.line,
        quantity: (existing?.quantity ?? 0) + command.quantity,
        available: command.available,
        pullList: true,
      },
    },
  ];
}
