import { DomainError } from '../shared/decider.ts';
import type { MarkOrderPosted, OrderActor, PostOrder } from './orderCommands.ts';
import type { OrderEvent } from './orderEvents.ts';
import { assertAdmin, assertOrderExists } from './orderGuards.ts';
import type { OrderState } from './orderState.ts';

export const MAX_TRACKING_NUMBER_LENGTH = 64;

function posted(by: OrderActor, state: OrderState, postedDate: string, trackingNumber: string | null): OrderEvent[] {
  assertAdmin(by);
  assertOrderExists(state);
  if (!state.complete) throw new DomainError('Only a completed order can be posted', 'conflict');
  if (state.posted) throw new DomainError('This order has already been posted', 'conflict');
  return [{ type: 'OrderPosted', data: { postedDate, trackingNumber } }];
}

/** PostOrder (admin, GET /post-order/{id}[/{tracking}]): posted, with a tracking number when given. */
export function postOrder(command: PostOrder, state: OrderState): OrderEvent[] {
  const trackingNumber = command.trackingNumber?.trim() || null;
  if (trackingNumber !== null && trackingNumber.length > MAX_TRACKING_NUMBER_LENGTH) {
    throw new DomainError(`A tracking number is at most ${MAX_TRACKING_NUMBER_LENGTH} characters`, 'invalid');
  }
  if (trackingNumber !== null && !/^[A-Za-z0-9 -]+$/.test(trackingNumber)) {
    throw new DomainError('A tracking number has only letters, digits, spaces and dashes', 'invalid');
  }
  return posted(command.by, state, command.postedDate, trackingNumber);
}

/** MarkOrderPosted (admin, GET /mark-as-posted/{id}): posted without a tracking number. */
export function markOrderPosted(command: MarkOrderPosted, state: OrderState): OrderEvent[] {
  return posted(command.by, state, command.postedDate, null);
}
