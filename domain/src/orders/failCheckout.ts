import { DomainError } from '../shared/decider.ts';
import type { FailCheckout } from './orderCommands.ts';
import type { OrderEvent } from './orderEvents.ts';
import { assertOrderExists } from './orderGuards.ts';
import type { OrderState } from './orderState.ts';

/** FailCheckout: the checkout is undone and the order stays current. Failing it twice fails it once. */
export function failCheckout(command: FailCheckout, state: OrderState): OrderEvent[] {
  assertOrderExists(state);
  if (state.checkout?.checkoutId === command.checkoutId) {
    const reason = command.reason.trim() || 'The checkout did not finish';
    return [{ type: 'CheckoutFailed', data: { checkoutId: command.checkoutId, reason } }];
  }
  if (state.failedCheckoutIds.includes(command.checkoutId)) return [];
  if (state.completedCheckoutId === command.checkoutId) throw new DomainError('This order is already complete', 'conflict');
  throw new DomainError('There is no checkout in progress for this order', 'conflict');
}
