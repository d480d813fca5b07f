import type { Address } from '../types/api';
import { formatAddress } from '../lib/address';

/** Australia Post's tracking page for a parcel. */
export function trackingUrl(trackingNumber: string): string {
  return `https://auspost.com.au/mypost/track/details/${encodeURIComponent(trackingNumber.trim())}`;
}

interface Props {
  order: { shippingIsPickup?: boolean | null; shippingAddress?: Address | null; trackingNumber?: string | null };
  pickupLabel: string;
}

/** An order card's delivery lines: pickup or the address, and the tracking link once posted. */
export function OrderShipping({ order, pickupLabel }: Props) {
  return (
    <>
      <p className="order-card__ship">
        <strong>Shipping: </strong>
        {order.shippingIsPickup ? pickupLabel : formatAddress(order.shippingAddress) || 'No address'}
      </p>
      {order.trackingNumber ? (
        <p>
          <a className="link" href={trackingUrl(order.trackingNumber)} target="_blank" rel="noreferrer">
            Track parcel {order.trackingNumber}
          </a>
        </p>
      ) : null}
    </>
  );
}
