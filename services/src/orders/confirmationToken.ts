import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The token of an order's confirmation link (`/order-confirmation/{publicId}?token=…`): an
 * HMAC-SHA256 of the order number keyed by the app's JWT secret. It does not expire: it opens
 * that one order's confirmation for as long as the order exists (order numbers are never reused),
 * and nothing else. Changing JWT_SECRET voids every link (and every login).
 */
export function orderConfirmationToken(secret: string, publicId: number): string {
  return createHmac('sha256', secret).update(`order-confirmation:${publicId}`).digest('base64url');
}

export function isOrderConfirmationToken(secret: string, publicId: number, token: string | null | undefined): boolean {
  if (!token) return false;
  const expected = Buffer.from(orderConfirmationToken(secret, publicId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** `{PUBLIC_URL}/order-confirmation/{publicId}?token=…` */
export function orderConfirmationUrl(publicUrl: string, secret: string, publicId: number): string {
  return `${publicUrl.replace(/\/+$/, '')}/order-confirmation/${publicId}?token=${orderConfirmationToken(secret, publicId)}`;
}
