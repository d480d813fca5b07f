import { createHash } from 'node:crypto';
import type { OrderOwner } from '@shop/domain/orders/index';
import { streamId } from '../eventstore/streamIds.ts';

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export const orderStreamId = (orderId: string) => streamId('order', orderId);
export const stockStreamId = (stockItemId: string) => streamId('stock', stockItemId);
export const creditStreamId = (userId: string) => streamId('credit', userId);

/**
 * A guest is known by the SHA-256 of their temp token: the token itself is a bearer secret and
 * never goes into an event (the audit history is readable by the admin).
 */
export const guestTokenHash = (tempToken: string) => sha256(`guest:${tempToken}`);

/**
 * The current-order pointer of a user or a guest: a stream whose last CurrentOrderSet names the
 * order. Appends use expected versions, so two racing requests never make two current orders.
 */
export function currentOrderStreamId(owner: OrderOwner): string {
  return owner.kind === 'user' ? streamId('currentorder', `user-${owner.userId}`) : streamId('currentorder', `guest-${owner.token}`);
}
