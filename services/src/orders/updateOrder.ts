import {
  orderDecider,
  planSyncOrder,
  syncOrderMessages,
  type CatalogueLookup,
  type ClientOrder,
  type SyncOrder,
} from '@shop/domain/orders/index';
import type { EventMetadata } from '@shop/domain/shared/events';
import type { Deps } from '../deps/deps.ts';
import { orderActorOf, type Identity } from '../accounts/actor.ts';
import { DomainError } from '@shop/domain/shared/decider';
import { handle } from '../commands/handle.ts';
import { loadStream } from '../commands/loadStream.ts';
import { ConcurrencyError } from '../eventstore/types.ts';
import { draftNamed, startDraftOrder } from './currentOrder.ts';
import { catalogueFor, catalogueWith, mayTouch, ORDER_NOT_FOUND, orderAnswer, ownerOf, type OrderAnswer } from './orderAnswer.ts';
import { orderStreamId } from './streams.ts';

export interface SyncResult {
  answer: OrderAnswer;
  /** Notices for the shopper: lines cut to what is available, dropped, or repriced. */
  messages: string[];
  /** Still the caller's draft: the body changed nothing, so nothing was written. */
  draft: boolean;
}

/**
 * PUT /api/update-order/{id}: the client sends the whole order; the order rules record what changed
 * (against the catalogue's names, prices and availability, never the client's) and give messages.
 * The caller's draft (see readCurrentOrder) is written by its first change, in the same append.
 */
export async function syncOrder(
  ctx: Deps,
  identity: Identity,
  orderId: string,
  order: ClientOrder,
  metadata: EventMetadata,
): Promise<SyncResult> {
  for (let attempt = 0; ; attempt++) {
    const [loaded, bodyCatalogue] = await Promise.all([
      loadStream(ctx.store, orderDecider, orderStreamId(orderId)),
      catalogueFor(
        ctx,
        order.orderItems.map((l) => l._id),
      ),
    ]);
    if (!loaded.state.started) {
      try {
        return await syncDraft(ctx, identity, orderId, order, bodyCatalogue, metadata);
      } catch (e) {
        // Another first change wrote it meanwhile: sync onto the order as written. It may have
        // started between our read of the order and of the pointer, when the pointer no longer
        // names a draft: not found unless the order now exists.
        if (e instanceof ConcurrencyError && attempt < 3) continue;
        if (e instanceof DomainError && e.kind === 'not-found' && attempt < 3) {
          if ((await loadStream(ctx.store, orderDecider, orderStreamId(orderId))).state.started) continue;
        }
        throw e;
      }
    }
    if (!mayTouch(identity, loaded.state)) throw new DomainError(ORDER_NOT_FOUND, 'not-found');
    const catalogue = await catalogueWith(
      ctx,
      bodyCatalogue,
      loaded.state.orderItems.map((l) => l.stockItemId),
    );
    const command: SyncOrder = { type: 'SyncOrder', by: orderActorOf(identity), order, catalogue };
    let messages: string[] = [];
    const executed = await handle(
      ctx,
      orderDecider,
      orderStreamId(orderId),
      (current) => {
        messages = syncOrderMessages(command, current);
        return command;
      },
      metadata,
      { known: loaded.events },
    );
    return { answer: await orderAnswer(ctx, executed.state, { catalogue }), messages, draft: false };
  }
}

/**
 * The first change of the caller's draft: started and synced in one append (nothing to sync: it
 * stays a draft). Someone else's draft, or any id that is no draft of the caller's, is not found.
 * A ConcurrencyError means another first change wrote it meanwhile.
 */
export async function syncDraft(
  ctx: Deps,
  identity: Identity,
  orderId: string,
  order: ClientOrder,
  catalogue: CatalogueLookup,
  metadata: EventMetadata,
): Promise<SyncResult> {
  const owner = ownerOf(identity);
  const draft = await draftNamed(ctx, owner, orderId);
  if (!draft) throw new DomainError(ORDER_NOT_FOUND, 'not-found');
  const plan = planSyncOrder({ type: 'SyncOrder', by: orderActorOf(identity), order, catalogue }, draft.state);
  if (plan.events.length === 0) return { answer: await orderAnswer(ctx, draft.state, { catalogue }), messages: plan.messages, draft: true };
  const state = await startDraftOrder(ctx, owner, draft, plan.events, metadata);
  return { answer: await orderAnswer(ctx, state, { catalogue }), messages: plan.messages, draft: false };
}
