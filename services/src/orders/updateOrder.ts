import { orderDecider, syncOrderMessages, type ClientOrder, type SyncOrder } from '@shop/domain/orders/index';
import type { EventMetadata } from '@shop/domain/shared/events';
import type { AppContext } from '../api/context.ts';
import { orderActorOf, type Identity } from '../api/auth/identity.ts';
import { execute } from '../commands/execute.ts';
import { catalogueFor, catalogueWith, loadOrderFor, orderAnswer, type OrderAnswer } from './orderAnswer.ts';
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
  const [loaded, bodyCatalogue] = await Promise.all([loadOrderFor(ctx, identity, orderId), catalogueFor(ctx, order.orderItems.map((l) => l._id))]);
  const catalogue = await catalogueWith(ctx, bodyCatalogue, loaded.state.orderItems.map((l) => l.stockItemId));
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
    { known: loaded.events },
  );
  return { answer: await orderAnswer(ctx, executed.state, { catalogue }), messages };
}
