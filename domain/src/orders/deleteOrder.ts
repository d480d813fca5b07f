import type { DeleteOrder } from './orderCommands.ts';
import type { OrderEvent } from './orderEvents.ts';
import { assertAdmin, assertNoCheckoutInProgress, assertOrderExists } from './orderGuards.ts';
import type { OrderState } from './orderState.ts';

/** DeleteOrder (admin, DELETE /delete-order/{id}). Not while a payment is in progress. */
export function deleteOrder(command: DeleteOrder, state: OrderState): OrderEvent[] {
  assertAdmin(command.by);
  assertOrderExists(state);
  assertNoCheckoutInProgress(state);
  return [{ type: 'OrderDeleted', data: { deletedAt: command.at } }];
}
