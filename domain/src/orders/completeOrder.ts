import { formatCents } from '../credit/money.ts';
import { DomainError } from '../shared/decider.ts';
import type { CompleteOrder } from './orderCommands.ts';
import type { OrderEvent } from './orderEvents.ts';
import { assertOrderExists } from './orderGuards.ts';
import { toCheckoutLine } from './orderLine.ts';
import type { OrderState } from './orderState.ts';
import { orderTotalsOf } from './orderTotalsOf.ts';
import { PAID_IN_FULL_TOLERANCE_CENTS } from './totals.ts';

/**
 * CompleteOrder: "It then becomes complete, with a completedDate." Needs the checkout in progress
 * and nothing (more than 1 cent) left to pay. Freezes the totals, the credit used and the credit
 * carried forward. Completing the same checkout twice completes it once.
 */
export function completeOrder(command: CompleteOrder, state: OrderState): OrderEvent[] {
  assertOrderExists(state);
  if (state.complete) {
    if (state.completedCheckoutId === command.checkoutId) return [];
    throw new DomainError('This order is already complete', 'conflict');
  }
  const checkout = state.checkout;
  if (!checkout || checkout.checkoutId !== command.checkoutId) {
    throw new DomainError('There is no checkout in progress for this order', 'conflict');
  }
  const totals = orderTotalsOf(state, checkout.creditToUse);
  if (totals.toPay > PAID_IN_FULL_TOLERANCE_CENTS) {
    throw new DomainError(`This order has not been paid in full: ${formatCents(totals.toPay)} to pay`, 'payment-required');
  }
  const owner = state.owner;
  return [
    {
      type: 'OrderCompleted',
      data: {
        checkoutId: command.checkoutId,
        completedDate: command.completedDate,
        publicId: state.publicId,
        ownerUserId: owner?.kind === 'user' ? owner.userId : null,
        email: owner?.kind === 'guest' ? state.email : '',
        adhoc: checkout.adhoc,
        name: state.name,
        pickup: state.shippingIsPickup,
        lines: state.orderItems.map(toCheckoutLine),
        totals,
        creditUsed: totals.creditFrom,
        creditForward: totals.creditForward,
      },
    },
  ];
}
