import { orderTotals } from '@shop/domain/orders/totals';
import type { Order } from '../../../types/api';

/**
 * The order as an ad-hoc sale to `name` will record it: the domain's own totals rule (named ad-hoc
 * orders pay no postage, and never use the admin's credit), so the panel shows what the sale
 * records while the name is still being typed.
 */
export function adhocSaleView(order: Order, name: string): Order {
  const totals = orderTotals({
    lines: order.orderItems.map((line) => ({
      itemType: line.itemType ?? 'comic',
      pnp: line.pnp ?? 0,
      price: line.price,
      quantity: line.quantity,
    })),
    pickup: Boolean(order.shippingIsPickup),
    adhocName: name,
    paymentsCents: order.paid > 0 ? [order.paid] : [],
    creditAvailableCents: 0,
  });
  return {
    ...order,
    name,
    itemCount: totals.itemCount,
    total: totals.total,
    pnp: totals.pnp,
    paid: totals.paid,
    creditFrom: totals.creditFrom,
    creditForward: totals.creditForward,
    toPay: totals.toPay,
  };
}

/** What the Success notice of an ad-hoc sale says: no email goes to an in-person customer. */
export function adhocSaleMessage(
  order: Pick<Order, 'publicId' | 'name' | 'paid' | 'total' | 'pnp'>,
  formatMoney: (cents: number) => string,
): string {
  const number = order.publicId !== null && order.publicId !== undefined ? `Order ${order.publicId}` : 'The sale';
  return `${number} for ${order.name ?? ''} is recorded as an in-person sale: ${formatMoney(order.total + order.pnp)} taken at the counter. No email is sent; it is listed under Ad-hoc Orders.`;
}
