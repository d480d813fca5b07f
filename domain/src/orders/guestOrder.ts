import { DomainError } from '../shared/decider.ts';
import type { ClaimGuestOrder, MergeGuestOrder } from './orderCommands.ts';
import type { OrderEvent } from './orderEvents.ts';
import { assertCurrent, assertMayChange, assertNoCheckoutInProgress, assertOrderExists } from './orderGuards.ts';
import { mergeRequestedLines } from './orderLine.ts';
import type { OrderState } from './orderState.ts';
import { planLineChanges, type LinePlan } from './planLineChanges.ts';

/**
 * ClaimGuestOrder: a guest signs in or signs up with their temp token; their current order becomes
 * the account's (or, when the account has a current order already, is merged into it and closed).
 * Claiming again for the same user changes nothing.
 */
export function claimGuestOrder(command: ClaimGuestOrder, state: OrderState): OrderEvent[] {
  const { by } = command;
  assertOrderExists(state);
  if (by.kind !== 'user') throw new DomainError('Sign in to keep this order', 'forbidden');
  const owner = state.owner;
  if (owner?.kind === 'user') {
    if (owner.userId === by.userId) return [];
    throw new DomainError('This order already belongs to an account', 'conflict');
  }
  if (owner?.kind !== 'guest' || owner.token !== command.guestToken) throw new DomainError('This order is not yours', 'forbidden');
  assertCurrent(state);
  assertNoCheckoutInProgress(state);
  if (command.mergedIntoOrderId === state._id) throw new DomainError('An order cannot be merged into itself', 'invalid');
  return [{ type: 'GuestOrderClaimed', data: { userId: by.userId, mergedIntoOrderId: command.mergedIntoOrderId } }];
}

/**
 * planMergeGuestOrder: the guest order's lines join the account's current order. A line for an
 * item already there adds the quantities (and moves to the top); the usual availability rules and
 * messages apply. Merging the same guest order twice changes nothing.
 */
export function planMergeGuestOrder(command: MergeGuestOrder, state: OrderState): LinePlan {
  assertMayChange(command.by, state);
  if (command.fromOrderId === state._id) throw new DomainError('An order cannot be merged into itself', 'invalid');
  if (state.mergedFromOrderIds.includes(command.fromOrderId)) return { events: [], messages: [] };
  const guestLines = mergeRequestedLines(command.lines).filter((l) => l.quantity > 0);
  const requested = guestLines.map((l) => ({
    stockItemId: l.stockItemId,
    quantity: l.quantity + (state.orderItems.find((o) => o.stockItemId === l.stockItemId)?.quantity ?? 0),
  }));
  const plan = planLineChanges(state.orderItems, requested, command.catalogue, { removeUnrequested: false });
  return {
    events: [{ type: 'GuestOrderMerged', data: { fromOrderId: command.fromOrderId, lines: guestLines } }, ...plan.events],
    messages: plan.messages,
  };
}

export const mergeGuestOrder = (command: MergeGuestOrder, state: OrderState): OrderEvent[] => planMergeGuestOrder(command, state).events;
