import type { DomainEvent } from '../shared/events.ts';

/** An admin sent the user store credit. */
export type CreditGranted = DomainEvent<'CreditGranted', { amountCents: number; description: string; grantedBy: string }>;
/** Credit paid for (part of) an order. */
export type CreditUsed = DomainEvent<'CreditUsed', { orderId: string; orderPublicId: number; amountCents: number }>;
/** An order was overpaid; the overspend is kept as credit for the next order. */
export type CreditCarriedForward = DomainEvent<'CreditCarriedForward', { orderId: string; orderPublicId: number; amountCents: number }>;

export type CreditEvent = CreditGranted | CreditUsed | CreditCarriedForward;
