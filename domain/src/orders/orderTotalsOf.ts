import type { OrderState } from './orderState.ts';
import { isAdhocOrder } from './orderState.ts';
import { orderTotals, type OrderTotals } from './totals.ts';

/**
 * The totals of an order now: frozen once complete; during a checkout, with the credit that
 * checkout set aside; otherwise with the customer's credit balance. An ad-hoc sale never uses the
 * admin's own credit.
 */
export function orderTotalsOf(state: OrderState, creditAvailableCents: number): OrderTotals {
  if (state.finalTotals) return state.finalTotals;
  const adhoc = isAdhocOrder(state);
  const credit = state.checkout ? state.checkout.creditToUse : adhoc ? 0 : creditAvailableCents;
  return orderTotals({
    lines: state.orderItems,
    pickup: state.shippingIsPickup,
    adhocName: adhoc ? state.name : null,
    paymentsCents: state.payments.map((p) => p.amountCents),
    creditAvailableCents: credit,
  });
}
