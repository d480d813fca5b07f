import { orderDecider, planMergeGuestOrder, type MergeGuestOrder, type OrderActor, type OrderOwner } from '@shop/domain/orders/index';
import { DomainError } from '@shop/domain/shared/decider';
import type { EventMetadata } from '@shop/domain/shared/events';
import { settleSearchTerms } from './searchTermsSoon.ts';
import type { Deps } from '../deps/deps.ts';
import { ConcurrencyError } from '../eventstore/types.ts';
import { pointerDecision, readCurrentOrderPointer, type CurrentOrder } from './currentOrder.ts';
import { handle, handleStreams, type Step } from '../commands/handle.ts';
import type { Log } from './log.ts';
import { catalogueFor } from './orderAnswer.ts';
import { guestTokenHash, orderStreamId } from './streams.ts';

export interface ClaimResult {
  /** 'claimed': the guest order became the account's current order; 'merged': its lines joined it. */
  outcome: 'none' | 'claimed' | 'merged';
  orderId: string | null;
  messages: string[];
}

/** The guest's order to claim, and the account's current order it merges into (none: it becomes it). */
interface Found {
  guest: CurrentOrder;
  target: CurrentOrder | null;
}

/**
 * A guest signs up or logs in with their temp token: their current order becomes the account's
 * current order, or, when the account has one already, its lines are merged into it and the guest
 * order is closed. An empty guest order is left alone. A refusal (say, the guest order is half way
 * through a payment) never fails the login: it is logged and the guest order stays as it was.
 */
export async function claimGuestOrder(
  ctx: Deps,
  tempToken: string,
  by: Extract<OrderActor, { kind: 'user' }>,
  metadata: EventMetadata,
  log: Log,
): Promise<ClaimResult> {
  const guestToken = guestTokenHash(tempToken);
  const guestOwner: OrderOwner = { kind: 'guest', token: guestToken };
  const userOwner: OrderOwner = { kind: 'user', userId: by.userId };
  // The guest's last searches go on the guest order before it is claimed.
  await settleSearchTerms(ctx, guestOwner);
  try {
    // Pointer first: if the claim below is refused, the pointer names an order that is not the
    // account's, which the next current-order call replaces with a new one.
    const { answer: found } = await handleStreams(ctx, metadata, async (): Promise<Step<Found | null>> => {
      const guest = (await readCurrentOrderPointer(ctx, guestOwner)).current;
      if (!guest || (guest.state.orderItems.length === 0 && guest.state.searchTerms === '')) return { decisions: [], answer: null };
      const account = await readCurrentOrderPointer(ctx, userOwner);
      if (account.current) return { decisions: [], answer: { guest, target: account.current } };
      return { decisions: [pointerDecision(userOwner, guest.orderId, account.version)], answer: { guest, target: null } };
    });
    if (!found) return { outcome: 'none', orderId: null, messages: [] };
    const { guest, target } = found;
    if (!target) {
      const claim = { type: 'ClaimGuestOrder', by, guestToken, mergedIntoOrderId: null } as const;
      await handle(ctx, orderDecider, orderStreamId(guest.orderId), claim, metadata);
      return { outcome: 'claimed', orderId: guest.orderId, messages: [] };
    }
    const lines = guest.state.orderItems.map((l) => ({ stockItemId: l.stockItemId, quantity: l.quantity }));
    const catalogue = await catalogueFor(ctx, [...lines.map((l) => l.stockItemId), ...target.state.orderItems.map((l) => l.stockItemId)]);
    const merge: MergeGuestOrder = { type: 'MergeGuestOrder', by, fromOrderId: guest.orderId, lines, catalogue };
    let messages: string[] = [];
    await handle(
      ctx,
      orderDecider,
      orderStreamId(target.orderId),
      (state) => {
        messages = planMergeGuestOrder(merge, state).messages;
        return merge;
      },
      metadata,
    );
    const claim = { type: 'ClaimGuestOrder', by, guestToken, mergedIntoOrderId: target.orderId } as const;
    await handle(ctx, orderDecider, orderStreamId(guest.orderId), claim, metadata);
    return { outcome: 'merged', orderId: target.orderId, messages };
  } catch (e) {
    if (e instanceof DomainError || e instanceof ConcurrencyError) {
      log.warn({ err: e, userId: by.userId }, 'the guest order was not claimed');
      return { outcome: 'none', orderId: null, messages: [] };
    }
    throw e;
  }
}
