import type { Decider } from '../shared/decider.ts';
import type { DomainEvent } from '../shared/events.ts';

/** The event of a current-order pointer stream: from now on this order is the owner's current one. */
export type CurrentOrderSet = DomainEvent<'CurrentOrderSet', { orderId: string }>;

export interface SetCurrentOrder {
  type: 'SetCurrentOrder';
  orderId: string;
}

/**
 * An owner's current-order pointer (`currentorder-{owner}`). It refuses nothing: who may point it
 * where is the order's rule, and racing pointers are settled by the append's expected version.
 */
export const currentOrderPointerDecider: Decider<SetCurrentOrder, CurrentOrderSet, { orderId: string | null }> = {
  streamType: 'currentorder',
  initialState: () => ({ orderId: null }),
  decide: (command) => [{ type: 'CurrentOrderSet', data: { orderId: command.orderId } }],
  evolve: (_, event) => ({ orderId: event.data.orderId }),
};
