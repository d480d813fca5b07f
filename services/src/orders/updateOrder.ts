import { orderDecider, syncOrderMessages, type ClientOrder, type SyncOrder } from '@shop/domain/orders/index';
import type { EventMetadata } from '@shop/domain/shared/events';
import type { AppContext } from '../api/context.ts';
import { orderActorOf, type Identity } from '../api/auth/identity.ts';
import { execute } from '../commands/execute.ts';
import { catalogueFor, loadOrderFor, orderAnswer, type OrderAnswer } from './orderAnswer.ts';
import { orderStreamId } from './streams.ts';

export interface SyncResult {
  answer: OrderAnswer;
  /** Notices for the shopper: lines cut to what is available, dropped, or repriced. */
  messages: string[];
}

/**
 * PUT /api/update-order/{id}: the client sends the whole order; the order rules record what changed
 * (against the catalogue's names, prices and availability, never the client's) and give messages.
 */
export async function syncOrder(
  ctx: AppContext,
  identity: Identity,
  orderId: string,
  order: ClientOrder,
  metadata: EventMetadata,
): Promise<SyncResult> {
  const { state } = await loadOrderFor(ctx, identity, orderId);
  const ids = [...order.orderItems.map((l) => l._id), ...state.orderItems.map((l) => l.stockItemId)];
  const catalogue = await catalogueFor(ctx, ids);
  const command: SyncOrder = { type: 'SyncOrder', by: orderActorOf(identity), order, catalogue };
  let messages: string[] = [];
  const executed = await execute(
    ctx.store,
    orderDecider,
    orderStreamId(orderId),
    (current) => {
      messages = syncOrderMessages(command, current);
      return command;
    },
    metadata,
  );
  return { answer: await orderAnswer(ctx, executed.state, catalogue), messages };
}
