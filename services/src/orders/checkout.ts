import { randomUUID } from 'node:crypto';
import { stockItemDecider, type StockItemEvent, type StockItemState } from '@shop/domain/catalogue/index';
import { creditDecider, formatCents, type CreditCommand, type CreditEvent } from '@shop/domain/credit/index';
import {
  EMPTY_ORDER_MESSAGE,
  isAdhocOrder,
  orderDecider,
  orderTotalsOf,
  PAID_IN_FULL_TOLERANCE_CENTS,
  planSyncOrder,
  type BeginCheckout,
  type CatalogueLookup,
  type CompleteOrderBody,
  type OrderCommand,
  type OrderEvent,
  type OrderState,
} from '@shop/domain/orders/index';
import { DomainError, type ErrorKind } from '@shop/domain/shared/decider';
import type { EventMetadata } from '@shop/domain/shared/events';
import type { Deps } from '../deps/deps.ts';
import { orderActorOf, type Identity } from '../accounts/actor.ts';
import { append, contentionPause, decide, decision } from '../commands/handle.ts';
import { loadStream } from '../commands/loadStream.ts';
import { ConcurrencyError } from '../eventstore/types.ts';
import type { PaymentGateway } from '../payments/paymentGateway.ts';
import { forgetCheckoutCard, forgetCheckoutCardSoon, keepCheckoutCard, type CheckoutCard } from './checkoutCards.ts';
import {
  appendDecisions,
  onNewestStock,
  readCheckoutStreams,
  readCheckoutStreamsOfOrder,
  withStockOf,
  type CheckoutDecisions,
  type CheckoutStreams,
} from './checkoutStreams.ts';
import { creditBalance } from './credit.ts';
import type { Log } from './log.ts';
import { syncDraft } from './updateOrder.ts';
import { catalogueFor, catalogueWith, mayTouch, ORDER_NOT_FOUND, orderAnswer, type OrderAnswer } from './orderAnswer.ts';
import { creditStreamId, orderStreamId, sha256, stockStreamId } from './streams.ts';

/** What PUT /api/complete-order/{id} answers: the order, or a refusal (or 'pending') with errorMessage; api/ picks the status. */
export type CheckoutOutcome =
  | { kind: 'ok'; body: OrderAnswer }
  | { kind: 'pending' | ErrorKind; body: { errorMessage: string; message: string } };

const refusal = (kind: Exclude<CheckoutOutcome['kind'], 'ok'>, message: string): CheckoutOutcome => ({
  kind,
  body: { errorMessage: message, message },
});

export const PAYMENT_PENDING_MESSAGE =
  'We could not confirm your card payment with the card provider yet. Your order is safe: we will finish it within a minute (you will not be charged twice). Please check Your Orders shortly.';
export const CHECKOUT_BUSY_MESSAGE = 'Payment for this order is in progress. Please wait a moment and try again';
export const STOCK_CONTENTION_MESSAGE = 'Many people are buying the same item right now. Please try again.';
export const CREDIT_CHANGED_MESSAGE =
  'Your store credit changed during checkout. Any payment taken stays on this order; please review your order and complete it again.';
export const CARD_LOST_MESSAGE = 'The payment could not be finished. Please enter your card details again.';

/** Same order and checkout, same key: Square returns the first result for a repeated charge. (Square keys are at most 45 characters.) */
export const idempotencyKeyOf = (orderId: string, checkoutId: string) => sha256(`charge/${orderId}/${checkoutId}`).slice(0, 40);

const WAIT_FOR_OTHER_CHECKOUT_MS = 20_000;
/** Times a step decides again because a stream it appends to moved (a hot item: many shoppers buying it). */
const CONTENTION_ROUNDS = 60;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A hold refused: the stock rules' message ("Only 2 left of Saga #1"), in a shopper's words when none is left. */
export function holdRefusalMessage(message: string): string {
  const none = /^Only 0 left of (.+)$/.exec(message);
  if (none) return `Sorry, ${none[1]} has just sold out. Please review your order.`;
  return /^Only \d+ left of /.test(message) ? `${message}. Please review your order.` : message;
}

// ---- The checkout pipeline, shared with the process manager ----

export type PipelineResult =
  | { kind: 'completed'; state: OrderState; creditCents?: number }
  | { kind: 'failed'; refusal: 'payment-required' | 'conflict'; message: string; state: OrderState }
  /** The card provider's answer is unknown (it could not be reached), or the streams kept moving: left for the process manager. */
  | { kind: 'pending'; state: OrderState };

export interface PipelineDeps {
  ctx: Deps;
  gateway: PaymentGateway;
  metadata: EventMetadata;
  log: Log;
}

/** The copies each stock item's lines ask for (an order has one line per item; summed should it ever have two). */
function quantitiesByItem(state: OrderState): Map<string, number> {
  const quantities = new Map<string, number>();
  for (const l of state.orderItems) quantities.set(l.stockItemId, (quantities.get(l.stockItemId) ?? 0) + l.quantity);
  return quantities;
}

/** Decides `decide` on the stock item of each of `order`'s lines; items that need nothing are left out. */
function decideOnStock(
  streams: CheckoutStreams,
  order: OrderState,
  decide: (stockItemId: string, state: StockItemState, quantity: number) => StockItemEvent[],
): Map<string, StockItemEvent[]> {
  const decided = new Map<string, StockItemEvent[]>();
  for (const [stockItemId, quantity] of quantitiesByItem(order)) {
    const events = decide(stockItemId, streams.stock.get(stockItemId)!.state, quantity);
    if (events.length > 0) decided.set(stockItemId, events);
  }
  return decided;
}

/** The same streams read again, after one of them moved. */
const readAgain = (deps: PipelineDeps, streams: CheckoutStreams) =>
  readCheckoutStreams(deps.ctx, streams.orderId, [...streams.stock.keys()], streams.creditUserId);

/**
 * Decide and append one step, deciding again on the streams as they are now whenever one moved.
 * `decide` answers the decisions, or a final answer when there is nothing (more) to append.
 */
async function decideAndAppend<T>(
  deps: PipelineDeps,
  first: CheckoutStreams,
  decide: (streams: CheckoutStreams) => CheckoutDecisions | { done: T },
): Promise<{ streams: CheckoutStreams; done?: T } | { contended: true }> {
  let streams = first;
  for (let attempt = 0; attempt <= CONTENTION_ROUNDS; attempt++) {
    const outcome = await onNewestStock(deps.ctx, streams, async (newest) => {
      const decided = decide(newest);
      if ('done' in decided) return { streams: newest, done: decided.done };
      try {
        return { streams: await appendDecisions(deps.ctx, newest, decided, deps.metadata) };
      } catch (e) {
        if (e instanceof ConcurrencyError) return null;
        throw e;
      }
    });
    if (outcome) return outcome;
    await contentionPause(attempt);
    streams = await readAgain(deps, streams);
  }
  return { contended: true };
}

/**
 * Releases every hold of this order and fails the checkout, in one append; the order stays current.
 * `payment` (a card payment taken before the credit was refused) is recorded on the order with it.
 */
async function undoCheckout(deps: PipelineDeps, first: CheckoutStreams, checkoutId: string, reason: string, payment: OrderCommand[] = []): Promise<OrderState> {
  const orderId = first.orderId;
  const undone = await decideAndAppend(
    deps,
    first,
    (streams) => {
      const order = streams.order.state;
      if (order.checkout?.checkoutId !== checkoutId) return { done: order };
      return {
        order: decide(orderDecider, [...payment, { type: 'FailCheckout', checkoutId, reason }], order).events,
        stock: decideOnStock(streams, order, (_, state) => stockItemDecider.decide({ type: 'ReleaseHold', data: { orderId } }, state)),
      };
    },
  );
  await forgetCheckoutCard(deps.ctx, checkoutId);
  if ('contended' in undone) throw new ConcurrencyError(`order ${orderId}`, 'any', null);
  return undone.done ?? undone.streams.order.state;
}

/**
 * Holds still missing: none after a checkout that began in one append; some after a crash (or on an
 * event store whose multi-stream appends are not atomic). A line already sold to this order (a crash
 * between the sale and the completion) needs no hold.
 */
async function holdMissing(deps: PipelineDeps, first: CheckoutStreams): Promise<{ streams: CheckoutStreams; refused?: string }> {
  const orderId = first.orderId;
  const held = await decideAndAppend<string>(deps, first, (streams) => {
    try {
      return {
        stock: decideOnStock(streams, streams.order.state, (_, state, quantity) =>
          state.status !== 'absent' && state.soldToOrders.has(orderId) ? [] : stockItemDecider.decide({ type: 'HoldStock', data: { orderId, quantity } }, state),
        ),
      };
    } catch (e) {
      if (e instanceof DomainError) return { done: holdRefusalMessage(e.message) };
      throw e;
    }
  });
  if ('contended' in held) return { streams: first, refused: STOCK_CONTENTION_MESSAGE };
  return held.done === undefined ? { streams: held.streams } : { streams: held.streams, refused: held.done };
}

/**
 * After the checkout began (with its holds): take the payment (card with an idempotency key, in
 * person for an ad-hoc sale, none when credit pays it all), then use and carry forward credit, turn
 * the holds into sales, record the payment and complete the order, all in one append. Every step is
 * idempotent, so the process manager runs this same function (without `known`) to finish a checkout
 * a crash left half way. On any refusal every hold is released and the checkout fails; the order
 * stays current.
 */
export async function runCheckout(
  deps: PipelineDeps,
  orderId: string,
  checkoutId: string,
  card: CheckoutCard | null,
  /** The streams as the checkout's first append left them (saves reading them again). */
  known?: CheckoutStreams,
): Promise<PipelineResult> {
  const { ctx } = deps;
  let streams = known ?? (await readCheckoutStreamsOfOrder(ctx, orderId));
  const state = streams.order.state;
  if (state.completedCheckoutId === checkoutId) return { kind: 'completed', state };
  const checkout = state.checkout;
  if (checkout?.checkoutId !== checkoutId) {
    await forgetCheckoutCard(ctx, checkoutId);
    return { kind: 'failed', refusal: 'conflict', message: 'This checkout did not finish. Please try again.', state };
  }

  // 1. Every line's stock held.
  if (!known) {
    const held = await holdMissing(deps, streams);
    if (held.refused) return { kind: 'failed', refusal: 'conflict', message: held.refused, state: await undoCheckout(deps, held.streams, checkoutId, held.refused) };
    streams = held.streams;
  }

  // 2. Take the payment.
  const totals = orderTotalsOf(state, checkout.creditToUse);
  const at = new Date().toISOString();
  const payment: OrderCommand[] = [];
  if (totals.toPay > PAID_IN_FULL_TOLERANCE_CENTS && !state.payments.some((p) => p.checkoutId === checkoutId)) {
    if (checkout.adhoc) {
      payment.push({ type: 'RecordPayment', checkoutId, paymentId: `in-person-${checkoutId}`, amountCents: totals.toPay, provider: 'in_person', at });
    } else {
      if (!card) return { kind: 'failed', refusal: 'conflict', message: CARD_LOST_MESSAGE, state: await undoCheckout(deps, streams, checkoutId, CARD_LOST_MESSAGE) };
      let result;
      try {
        result = await deps.gateway.charge({
          amountCents: totals.toPay,
          sourceId: card.cardToken,
          verificationToken: card.buyerToken || null,
          idempotencyKey: idempotencyKeyOf(orderId, checkoutId),
          referenceId: String(state.publicId),
          note: `Order ${state.publicId}`,
        });
      } catch (err) {
        deps.log.error({ err, orderId, checkoutId }, 'the card provider could not be reached; the checkout is left for the process manager');
        return { kind: 'pending', state };
      }
      if (!result.ok) {
        return { kind: 'failed', refusal: 'payment-required', message: result.message, state: await undoCheckout(deps, streams, checkoutId, result.message) };
      }
      payment.push({ type: 'RecordPayment', checkoutId, paymentId: result.paymentId, amountCents: result.amountCents, provider: 'card', at });
    }
  }

  // 3. Credit used and carried forward, the holds sold, the payment recorded and the order completed: one append.
  //    (The email reactor makes the confirmation from OrderCompleted.)
  type Ended = { kind: 'completed'; state: OrderState } | { kind: 'credit-refused'; error: DomainError };
  const owner = state.owner;
  const usesCredit = owner?.kind === 'user' && !checkout.adhoc;
  const completedDate = new Date().toISOString();
  const ended = await decideAndAppend<Ended>(
    deps,
    streams,
    (now) => {
      const order = now.order.state;
      if (order.completedCheckoutId === checkoutId) return { done: { kind: 'completed', state: order } };
      const paid = decide(orderDecider, payment, order);
      const final = orderTotalsOf(paid.state, checkout.creditToUse);
      const creditCommands: CreditCommand[] = [];
      if (usesCredit && final.creditFrom > 0) creditCommands.push({ type: 'UseCredit', orderId, orderPublicId: state.publicId, amountCents: final.creditFrom });
      if (usesCredit && final.creditForward > 0) creditCommands.push({ type: 'CarryCreditForward', orderId, orderPublicId: state.publicId, amountCents: final.creditForward });
      let credit: CreditEvent[] = [];
      try {
        credit = creditCommands.length > 0 ? decide(creditDecider, creditCommands, now.credit!.state).events : [];
      } catch (e) {
        if (e instanceof DomainError) return { done: { kind: 'credit-refused', error: e } };
        throw e;
      }
      const complete: OrderEvent[] = orderDecider.decide({ type: 'CompleteOrder', checkoutId, completedDate }, paid.state);
      return {
        credit,
        stock: decideOnStock(now, order, (stockItemId, stock) =>
          stockItemDecider.decide({ type: 'SellHeld', data: { orderId, unitPriceCents: order.orderItems.find((l) => l.stockItemId === stockItemId)!.price } }, stock),
        ),
        order: [...paid.events, ...complete],
      };
    },
  );
  if ('contended' in ended) {
    deps.log.warn({ orderId, checkoutId }, 'the checkout could not complete for contention; left for the process manager');
    return { kind: 'pending', state };
  }
  if (ended.done?.kind === 'credit-refused') {
    deps.log.warn({ err: ended.done.error, orderId, checkoutId }, 'credit refused at checkout');
    // The payment taken stays on the order: it counts towards the next checkout.
    return { kind: 'failed', refusal: 'conflict', message: CREDIT_CHANGED_MESSAGE, state: await undoCheckout(deps, ended.streams, checkoutId, CREDIT_CHANGED_MESSAGE, payment) };
  }
  forgetCheckoutCardSoon(ctx, checkoutId).catch((err: unknown) => deps.log.warn({ err, checkoutId }, 'card tokens not deleted yet'));
  const done = ended.streams;
  return { kind: 'completed', state: ended.done?.state ?? done.order.state, ...(done.credit && usesCredit ? { creditCents: done.credit.state.balanceCents } : {}) };
}

// ---- PUT /api/complete-order/{id} ----

async function waitForOtherCheckout(ctx: Deps, orderId: string): Promise<OrderState> {
  const deadline = Date.now() + WAIT_FOR_OTHER_CHECKOUT_MS;
  for (;;) {
    const { state } = await loadStream(ctx.store, orderDecider, orderStreamId(orderId));
    if (!state.checkout || Date.now() > deadline) return state;
    await sleep(100);
  }
}

async function answerOf(ctx: Deps, result: PipelineResult): Promise<CheckoutOutcome> {
  if (result.kind === 'completed') return { kind: 'ok', body: await orderAnswer(ctx, result.state, { creditCents: result.creditCents }) };
  if (result.kind === 'pending') return refusal('pending', PAYMENT_PENDING_MESSAGE);
  return refusal(result.refusal, result.message);
}

/** What one checkout call keeps from one attempt to begin to the next (after a stream moved). */
interface Attempt {
  checkoutId: string;
  /** The body's items as the first attempt looked them up. */
  catalogue: CatalogueLookup | null;
  cardKept: boolean;
}

type Begun =
  | { kind: 'begun'; checkoutId: string; card: CheckoutCard | null; streams: CheckoutStreams }
  | { kind: 'answer'; outcome: CheckoutOutcome }
  /** Read again and begin again: `moved` names the stream that moved under the append, if one did. */
  | { kind: 'again'; moved?: string };

/**
 * Read the order, its lines' stock and the owner's credit together, sync the body (the order as the
 * shopper last saw it), then begin the checkout and hold every line in one append: the order's
 * events and each stock item's hold at the versions read, all or none. Refusals keep what the body
 * changed (like update-order) and change nothing else.
 */
async function beginFromBody(deps: PipelineDeps, identity: Identity, orderId: string, body: CompleteOrderBody, attempt: Attempt): Promise<Begun> {
  const { ctx } = deps;
  const bodyIds = body.orderItems.map((l) => l._id);
  const identityUserId = identity.kind === 'user' ? identity.userId : null;
  const [read, bodyCatalogue] = await Promise.all([
    readCheckoutStreams(ctx, orderId, bodyIds, identityUserId),
    attempt.catalogue ?? catalogueFor(ctx, bodyIds),
  ]);
  attempt.catalogue = bodyCatalogue;
  const { state, version } = read.order;
  if (!state.started) {
    // The caller's draft (never changed before): written with the body's lines, then checked out.
    try {
      const synced = await syncDraft(ctx, identity, orderId, body, bodyCatalogue, deps.metadata);
      if (synced.draft) return { kind: 'answer', outcome: refusal('invalid', EMPTY_ORDER_MESSAGE) };
    } catch (e) {
      if (!(e instanceof ConcurrencyError)) throw e;
    }
    return { kind: 'again' };
  }
  if (!mayTouch(identity, state)) throw new DomainError(ORDER_NOT_FOUND, 'not-found');
  if (state.complete) return { kind: 'answer', outcome: { kind: 'ok', body: await orderAnswer(ctx, state) } };
  if (state.checkout) {
    // A checkout older than the wait is stalled (a crash): the process manager finishes it.
    if (Date.now() - Date.parse(state.checkout.startedAt) > WAIT_FOR_OTHER_CHECKOUT_MS) return { kind: 'answer', outcome: refusal('conflict', CHECKOUT_BUSY_MESSAGE) };
    const after = await waitForOtherCheckout(ctx, orderId);
    if (after.checkout) return { kind: 'answer', outcome: refusal('conflict', CHECKOUT_BUSY_MESSAGE) };
    return { kind: 'again' };
  }

  const by = orderActorOf(identity);
  const catalogue = await catalogueWith(ctx, bodyCatalogue, state.orderItems.map((l) => l.stockItemId));
  const sync = planSyncOrder({ type: 'SyncOrder', by, order: body, catalogue }, state);
  const synced = sync.events.reduce(orderDecider.evolve, state);
  const keepSync = async (outcome: CheckoutOutcome): Promise<Begun> => {
    try {
      await append(ctx, [decision(orderDecider, orderStreamId(orderId), version, sync.events)], deps.metadata);
    } catch (e) {
      if (e instanceof ConcurrencyError) return { kind: 'again' };
      throw e;
    }
    return { kind: 'answer', outcome };
  };
  if (sync.messages.length > 0) return keepSync(refusal('conflict', `${sync.messages.join(' ')} Please review your order and try again.`));

  const adhoc = isAdhocOrder(synced);
  const owner = synced.owner;
  let streams = read;
  let credit = 0;
  if (owner?.kind === 'user' && !adhoc) {
    if (owner.userId !== read.creditUserId) {
      // An admin completing a customer's order: the customer's credit.
      streams = { ...read, credit: await loadStream(ctx.store, creditDecider, creditStreamId(owner.userId)), creditUserId: owner.userId };
    }
    credit = streams.credit!.state.balanceCents;
  }
  const checkoutId = attempt.checkoutId;
  const begin: BeginCheckout = { type: 'BeginCheckout', by, checkoutId, catalogue, creditAvailableCents: credit, at: new Date().toISOString() };
  let orderEvents: OrderEvent[];
  try {
    // The order rules first (items, address, email, prices), before the amount, the card and the stock.
    orderEvents = [...sync.events, ...orderDecider.decide(begin, synced)];
  } catch (e) {
    if (e instanceof DomainError) return keepSync(refusal(e.kind, e.message));
    throw e;
  }

  const totals = orderTotalsOf(synced, credit);
  let card: CheckoutCard | null = null;
  if (!adhoc && totals.toPay > PAID_IN_FULL_TOLERANCE_CENTS) {
    const sent = body.latestTransaction;
    if (sent && sent.value !== String(totals.toPay)) {
      return keepSync(refusal('conflict', `The amount to pay is now ${formatCents(totals.toPay)}, not ${formatCents(Number(sent.value))}. Please review your order and try again.`));
    }
    const cardToken = sent?.cardToken.trim() ?? '';
    if (cardToken === '') return keepSync(refusal('invalid', 'Please enter your card details'));
    card = { cardToken, buyerToken: sent?.buyerToken.trim() ?? '' };
  }

  // Hold every line (HoldStock sets this order's hold; the stock rules refuse more than is free).
  streams = await withStockOf(ctx, streams, synced.orderItems.map((l) => l.stockItemId));
  const holdsOn = (now: CheckoutStreams) =>
    decideOnStock(now, synced, (_, stock, quantity) => stockItemDecider.decide({ type: 'HoldStock', data: { orderId, quantity } }, stock));
  const refusedHold = (e: unknown) => {
    if (e instanceof DomainError) return keepSync(refusal('conflict', holdRefusalMessage(e.message)));
    throw e;
  };
  // Decided here to refuse before keeping the card, and again below on the newest stock.
  try {
    holdsOn(streams);
  } catch (e) {
    return refusedHold(e);
  }

  // Kept before the checkout begins (once per call, whatever the attempts): a checkout without kept
  // card tokens was never charged.
  if (card && !attempt.cardKept) {
    await keepCheckoutCard(ctx, orderId, checkoutId, card);
    attempt.cardKept = true;
  }
  return onNewestStock(ctx, streams, async (newest): Promise<Begun> => {
    let holds: Map<string, StockItemEvent[]>;
    try {
      holds = holdsOn(newest);
    } catch (e) {
      return refusedHold(e);
    }
    try {
      return { kind: 'begun', checkoutId, card, streams: await appendDecisions(ctx, newest, { order: orderEvents, stock: holds }, deps.metadata) };
    } catch (e) {
      if (e instanceof ConcurrencyError) return { kind: 'again', moved: e.streamId };
      throw e;
    }
  });
}

/**
 * The checkout call. The body is the whole order with its latestTransaction: it is synced first
 * (any correction is answered 409 with the reasons), the amount the shopper saw must be what the
 * server charges, then the checkout begins with its holds and the pipeline runs. A completed order
 * answers its completed view, so the same body sent twice charges once and gets the same answer; a
 * second request arriving while the first is still paying waits for it.
 */
export async function completeOrderCheckout(deps: PipelineDeps, identity: Identity, orderId: string, body: CompleteOrderBody): Promise<CheckoutOutcome> {
  const attempt: Attempt = { checkoutId: randomUUID(), catalogue: null, cardKept: false };
  let moved: string | undefined;
  let begun = false;
  try {
    for (let round = 0; round <= CONTENTION_ROUNDS; round++) {
      const step = await beginFromBody(deps, identity, orderId, body, attempt);
      if (step.kind === 'answer') return step.outcome;
      if (step.kind === 'begun') {
        begun = true;
        return answerOf(deps.ctx, await runCheckout(deps, orderId, step.checkoutId, step.card, step.streams));
      }
      moved = step.moved;
      if (moved) await contentionPause(round);
    }
    return refusal('conflict', moved?.startsWith(stockStreamId('')) ? STOCK_CONTENTION_MESSAGE : CHECKOUT_BUSY_MESSAGE);
  } finally {
    // Tokens kept for a checkout that never began are not needed (the pipeline forgets its own).
    if (!begun && attempt.cardKept) await forgetCheckoutCard(deps.ctx, attempt.checkoutId);
  }
}
