import { formatCents } from '../credit/money.ts';
import { formatAddress } from '../users/address.ts';
import type { OrderEvent, PaymentProvider } from './orderEvents.ts';

const PROVIDER_WORDS: Record<PaymentProvider, string> = {
  card: 'by card',
  in_person: 'in person',
  marketplace: 'through the marketplace',
};

/**
 * Plain words for the audit history, e.g. "Added 2 x Saga #1 to order 1042". `orderRef` is the
 * order's public number (from its OrderStarted event); without it the text says "the order".
 */
export function describeOrderEvent(event: OrderEvent, orderRef?: string | number): string {
  const order = orderRef === undefined ? 'the order' : `order ${orderRef}`;
  switch (event.type) {
    case 'OrderStarted': {
      const d = event.data;
      if (d.type === 'ebay') return `Imported marketplace order ${d.externalId ?? '(no number)'} as order ${d.publicId}`;
      return `Started order ${d.publicId}${d.ownerUserId === null ? ' as a guest' : ''}`;
    }
    case 'OrderItemAdded':
      return `Added ${event.data.quantity} x ${event.data.name} to ${order}`;
    case 'OrderItemQuantityChanged':
      return `Changed ${event.data.name} from ${event.data.previousQuantity} to ${event.data.quantity} in ${order}`;
    case 'OrderItemRemoved': {
      const why = { removed: '', unavailable: ' (no longer available)', sold_out: ' (sold out)' }[event.data.reason];
      return `Removed ${event.data.name} from ${order}${why}`;
    }
    case 'OrderItemDetailsChanged': {
      const d = event.data;
      const price = d.price !== d.previousPrice ? `: price ${formatCents(d.previousPrice)} to ${formatCents(d.price)}` : '';
      return `Updated ${d.name} in ${order} from the catalogue${price}`;
    }
    case 'ShippingAddressSet':
      return event.data.address
        ? `Set the shipping address of ${order} to ${formatAddress(event.data.address)}`
        : `Cleared the shipping address of ${order}`;
    case 'BillingAddressSet':
      return event.data.address
        ? `Set the billing address of ${order} to ${formatAddress(event.data.address)}`
        : `Cleared the billing address of ${order}`;
    case 'PickupSet':
      return event.data.pickup ? `Chose local pickup for ${order}` : `Chose postage instead of local pickup for ${order}`;
    case 'SameAsBillingSet':
      return event.data.sameAsBilling
        ? `Billing address of ${order} is the same as shipping`
        : `Billing address of ${order} is separate from shipping`;
    case 'OrderEmailSet':
      return `Set the email of ${order} to ${event.data.email}`;
    case 'OrderNameSet':
      return event.data.name === '' ? `Cleared the customer name of ${order}` : `Set the customer name of ${order} to ${event.data.name}`;
    case 'OrderSearchRecorded':
      return `Searched for "${event.data.term}"`;
    case 'CheckoutStarted': {
      const t = event.data.totals;
      const kind = event.data.adhoc ? 'an ad-hoc sale' : 'checkout';
      return `Started ${kind} of ${order}: ${formatCents(t.total + t.pnp)} with ${formatCents(t.toPay)} to pay`;
    }
    case 'PaymentRecorded':
      return `Received ${formatCents(event.data.amountCents)} ${PROVIDER_WORDS[event.data.provider]} for ${order}`;
    case 'OrderCompleted': {
      const d = event.data;
      const t = d.totals;
      const credit = d.creditUsed > 0 ? `, credit used ${formatCents(d.creditUsed)}` : '';
      const forward = d.creditForward > 0 ? `, ${formatCents(d.creditForward)} carried forward` : '';
      const who = d.adhoc ? ` (ad-hoc sale to ${d.name})` : '';
      return `Completed order ${d.publicId}${who}: ${t.itemCount} ${t.itemCount === 1 ? 'item' : 'items'}, total ${formatCents(t.total)} + postage ${formatCents(t.pnp)}, paid ${formatCents(t.paid)}${credit}${forward}`;
    }
    case 'CheckoutFailed':
      return `Checkout of ${order} failed: ${event.data.reason}`;
    case 'OrderPosted':
      return event.data.trackingNumber ? `Posted ${order} with tracking number ${event.data.trackingNumber}` : `Marked ${order} as posted`;
    case 'OrderDeleted':
      return `Deleted ${order}`;
    case 'GuestOrderClaimed':
      return event.data.mergedIntoOrderId
        ? `Merged guest ${order} into the account's current order`
        : `Moved guest ${order} to the account`;
    case 'GuestOrderMerged': {
      const n = event.data.lines.reduce((sum, l) => sum + l.quantity, 0);
      return `Merged ${n} ${n === 1 ? 'item' : 'items'} from a guest order into ${order}`;
    }
  }
}
