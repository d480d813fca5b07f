import {
  orderDecider,
  planSyncOrder,
  syncOrderMessages,
  type CatalogueLookup,
  type ClientOrder,
  type OrderState,
  type SyncOrder,
} from '@shop/domain/orders/index';
import type { EventMetadata } from '@shop/domain/shared/events';
import type { Deps } from '../deps/deps.ts';
import { orderActorOf, type Identity } from '../accounts/actor.ts';
import { DomainError } from '@shop/domain/shared/decider';
import { decide, decision, handleStreams, type Step } from '../commands/handle.ts';
import type { KnownState } from '../commands/knownStates.ts';
import { readOrder } from './orderStates.ts';
import { draftDecisions, draftNamed, keptDraft, readOrderOrDraft, type DraftView } from './currentOrder.ts';
import { catalogueFor, catalogueWith, mayTouch, ORDER_NOT_FOUND, orderAnswer, ownerOf, type OrderAnswer } from './orderAnswer.ts';
import { orderStreamId } from './streams.ts';

export interface SyncResult {
  answer: OrderAnswer;
  /** Notices for the shopper: lines cut to what is available, dropped, or repriced. */
  messages: string[];
  /** Still the caller's draft: the body changed nothing, so nothing was written. */
  draft: boolean;
}

/** What a sync step decided: the order as its events leave it, and what the answer needs. */
interface Synced {
  state: OrderState;
  catalogue: CatalogueLookup;
  messages: string[];
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
  let bodyCatalogue: CatalogueLookup | null = null;
  const bodyIds = order.orderItems.map((l) => l._id);
  const { answer } = await handleStreams(ctx, metadata, async (attempt): Promise<Step<Synced>> => {
    const kept = attempt === 0 ? keptStartedOrder(ctx, orderId) : null;
    const draft = attempt === 0 && !kept ? keptDraft(ctx, ownerOf(identity), orderId) : null;
    if (kept || draft) {
      bodyCatalogue = await catalogueFor(ctx, bodyIds);
      const catalogue = bodyCatalogue;
      const decided = kept
        ? startedStep(ctx, identity, orderId, order, kept, catalogue)
        : draftStep(ctx, identity, draft!, order, catalogue);
      const step = await decided.catch((e: unknown) => {
        if (e instanceof DomainError) return null;
        throw e;
      });
      // Decided on what this process keeps, only a change is taken: its append at the kept versions proves it.
      if (step && step.decisions.some((d) => d.events.length > 0)) return step;
    }
    const read = await Promise.all([readOrderOrDraft(ctx, ownerOf(identity), orderId), bodyCatalogue ?? catalogueFor(ctx, bodyIds)]);
    const loaded = read[0].order;
    bodyCatalogue = read[1];
    if (!loaded.state.started) {
      // Read with the order in one snapshot: no draft of the caller's by this id, no order of theirs.
      if (!read[0].draft) throw new DomainError(ORDER_NOT_FOUND, 'not-found');
      return draftStep(ctx, identity, read[0].draft, order, bodyCatalogue);
    }
    return startedStep(ctx, identity, orderId, order, loaded, bodyCatalogue);
  });
  return answerOf(ctx, answer);
}

/**
 * The order as this process keeps it when it is started (update-order keeps what it writes), so that
 * a shopper adding one item after another is not read each time. Only a change is decided on it
 * (see syncOrder): nothing to change, or a refusal, is decided again on a read.
 */
function keptStartedOrder(ctx: Deps, orderId: string): KnownState<OrderState> | null {
  const kept = ctx.orderStates.keptOf([orderStreamId(orderId)]).get(orderStreamId(orderId));
  return kept?.state.started ? kept : null;
}

/** The step syncing the body onto a started order, as `loaded`. */
async function startedStep(
  ctx: Deps,
  identity: Identity,
  orderId: string,
  order: ClientOrder,
  loaded: KnownState<OrderState>,
  bodyCatalogue: CatalogueLookup,
): Promise<Step<Synced>> {
  if (!mayTouch(identity, loaded.state)) throw new DomainError(ORDER_NOT_FOUND, 'not-found');
  const catalogue = await catalogueWith(
    ctx,
    bodyCatalogue,
    loaded.state.orderItems.map((l) => l.stockItemId),
  );
  const command: SyncOrder = { type: 'SyncOrder', by: orderActorOf(identity), order, catalogue };
  const messages = syncOrderMessages(command, loaded.state);
  const decided = decide(orderDecider, [command], loaded.state);
  return {
    decisions: [decision(orderDecider, orderStreamId(orderId), loaded.version, decided.events)],
    answer: { state: decided.state, catalogue, messages, draft: false },
  };
}

async function answerOf(ctx: Deps, synced: Synced): Promise<SyncResult> {
  return { answer: await orderAnswer(ctx, synced.state, { catalogue: synced.catalogue }), messages: synced.messages, draft: synced.draft };
}

/**
 * The step writing the caller's draft with its first change: started and synced in one append
 * (nothing to sync: it stays a draft, nothing is written).
 */
async function draftStep(
  ctx: Deps,
  identity: Identity,
  draft: DraftView,
  order: ClientOrder,
  catalogue: CatalogueLookup,
): Promise<Step<Synced>> {
  const owner = ownerOf(identity);
  const plan = planSyncOrder({ type: 'SyncOrder', by: orderActorOf(identity), order, catalogue }, draft.state);
  if (plan.events.length === 0) return { decisions: [], answer: { state: draft.state, catalogue, messages: plan.messages, draft: true } };
  const written = await draftDecisions(ctx, owner, draft, plan.events);
  return {
    decisions: written.decisions,
    answer: { state: written.state, catalogue, messages: plan.messages, draft: false },
  };
}

/**
 * The checkout's first change of the caller's draft (see draftStep). 'started': the order was
 * started meanwhile (by another first change): read it again. Someone else's draft, or any id that
 * is no draft of the caller's, is not found. Throws ConcurrencyError when its streams kept moving.
 */
export async function syncDraft(
  ctx: Deps,
  identity: Identity,
  orderId: string,
  order: ClientOrder,
  catalogue: CatalogueLookup,
  metadata: EventMetadata,
): Promise<SyncResult | 'started'> {
  const { answer } = await handleStreams(ctx, metadata, async (): Promise<Step<Synced | 'started'>> => {
    const draft = await draftNamed(ctx, ownerOf(identity), orderId);
    if (draft) return draftStep(ctx, identity, draft, order, catalogue);
    if ((await readOrder(ctx, orderId)).state.started) return { decisions: [], answer: 'started' };
    throw new DomainError(ORDER_NOT_FOUND, 'not-found');
  });
  return answer === 'started' ? answer : answerOf(ctx, answer);
}
