import { DomainError } from '../shared/decider.ts';
import type { OrderActor } from './orderCommands.ts';
import type { OrderState } from './orderState.ts';

export const isAdmin = (by: OrderActor): boolean => by.kind === 'user' && by.admin;

/** "The pickup checkbox is shown if the user is a guest or has localPickup set." Admins may too. */
export const mayPickUp = (by: OrderActor): boolean => by.kind === 'guest' || by.localPickup || by.admin;

export function isOwner(by: OrderActor, state: OrderState): boolean {
  const owner = state.owner;
  if (!owner) return false;
  return owner.kind === 'user' ? by.kind === 'user' && by.userId === owner.userId : by.kind === 'guest' && by.token === owner.token;
}

export function assertOrderExists(state: OrderState): void {
  if (!state.started || state.deleted) throw new DomainError('Order not found', 'not-found');
}

export function assertAdmin(by: OrderActor): void {
  if (!isAdmin(by)) throw new DomainError('Only an admin can do this', 'forbidden');
}

/** The owner, or an admin, may act on an order. */
export function assertMayAct(by: OrderActor, state: OrderState): void {
  assertOrderExists(state);
  if (!isOwner(by, state) && !isAdmin(by)) throw new DomainError('This order is not yours', 'forbidden');
}

/** A current order that is not merged away, not complete, and not half way through a payment. */
export function assertCurrent(state: OrderState): void {
  if (state.mergedIntoOrderId !== null) throw new DomainError("This order was merged into your account's current order", 'conflict');
  if (state.complete) throw new DomainError('This order is complete and can no longer be changed', 'conflict');
}

export function assertNoCheckoutInProgress(state: OrderState): void {
  if (state.checkout) {
    throw new DomainError('Payment for this order is in progress. Please wait a moment and try again', 'conflict');
  }
}

export function assertMayChange(by: OrderActor, state: OrderState): void {
  assertMayAct(by, state);
  assertCurrent(state);
  assertNoCheckoutInProgress(state);
}
