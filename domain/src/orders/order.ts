import type { Decider } from '../shared/decider.ts';
import { addPullListCopies } from './addPullListCopies.ts';
import { beginCheckout } from './beginCheckout.ts';
import { completeOrder } from './completeOrder.ts';
import { deleteOrder } from './deleteOrder.ts';
import { failCheckout } from './failCheckout.ts';
import { claimGuestOrder, mergeGuestOrder } from './guestOrder.ts';
import type { OrderCommand } from './orderCommands.ts';
import type { OrderEvent } from './orderEvents.ts';
import { evolveOrder, initialOrderState, type OrderState } from './orderState.ts';
import { markOrderPosted, postOrder } from './postOrder.ts';
import { recordPayment } from './recordPayment.ts';
import { recordSearch } from './recordSearch.ts';
import { startOrder } from './startOrder.ts';
import { syncOrder } from './syncOrder.ts';

/**
 * The order decider, stream type 'order' (stream id: the order id). One function per command;
 * SyncOrder and MergeGuestOrder also have a plan function giving the shopper's messages.
 */
export function decideOrder(command: OrderCommand, state: OrderState): OrderEvent[] {
  switch (command.type) {
    case 'AddPullListCopies':
      return addPullListCopies(command, state);
    case 'StartOrder':
      return startOrder(command, state);
    case 'SyncOrder':
      return syncOrder(command, state);
    case 'RecordSearch':
      return recordSearch(command, state);
    case 'BeginCheckout':
      return beginCheckout(command, state);
    case 'RecordPayment':
      return recordPayment(command, state);
    case 'CompleteOrder':
      return completeOrder(command, state);
    case 'FailCheckout':
      return failCheckout(command, state);
    case 'PostOrder':
      return postOrder(command, state);
    case 'MarkOrderPosted':
      return markOrderPosted(command, state);
    case 'DeleteOrder':
      return deleteOrder(command, state);
    case 'ClaimGuestOrder':
      return claimGuestOrder(command, state);
    case 'MergeGuestOrder':
      return mergeGuestOrder(command, state);
  }
}

export const orderDecider: Decider<OrderCommand, OrderEvent, OrderState> = {
  streamType: 'order',
  initialState: initialOrderState,
  decide: decideOrder,
  evolve: evolveOrder,
};
