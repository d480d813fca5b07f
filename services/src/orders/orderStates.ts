import { currentOrderPointerDecider, type CurrentOrderSet } from '@shop/domain/orders/currentOrderPointer';
import { orderDecider, type OrderEvent, type OrderState } from '@shop/domain/orders/index';
import { KnownStates, type AppendedEvents, type KnownState } from '../commands/knownStates.ts';
import type { Deps } from '../deps/deps.ts';
import { orderStreamId } from './streams.ts';

/** How many orders' states a process keeps; the least recently used are forgotten first. */
export const KNOWN_ORDER_LIMIT = 5_000;

/**
 * The order states this process keeps (see KnownStates). A shopper's current order gains an event
 * with every search they make, so read whole it costs more with each one; kept, a search, an update
 * or a checkout reads only what was appended since.
 */
export class KnownOrderStates extends KnownStates<OrderEvent, OrderState> {
  /** The owners' current-order pointers this process last read, by pointer stream (see keptDraft). */
  readonly pointers: KnownStates<CurrentOrderSet, { orderId: string | null }>;

  constructor(limit = KNOWN_ORDER_LIMIT) {
    super(orderDecider, limit);
    this.pointers = new KnownStates(currentOrderPointerDecider, limit);
  }

  override advance(appended: AppendedEvents): void {
    super.advance(appended);
    this.pointers.advance(appended);
  }
}

/** An order's current state and version, from the state this process keeps and the events since. */
export function readOrder(deps: Pick<Deps, 'store' | 'orderStates'>, orderId: string): Promise<KnownState<OrderState>> {
  return deps.orderStates.read(deps.store, orderStreamId(orderId));
}
