import { randomUUID } from 'node:crypto';
import { stockItemDecider, type StockItemCommand, type StockItemState } from '@shop/domain/catalogue/index';
import { creditDecider, formatCents, type CreditCommand } from '@shop/domain/credit/index';
import {
  isAdhocOrder,
  orderDecider,
  orderTotalsOf,
  PAID_IN_FULL_TOLERANCE_CENTS,
  planSyncOrder,
  type BeginCheckout,
  type CompleteOrderBody,
  type OrderCommand,
  type OrderEvent,
  type OrderState,
} from '@shop/domain/orders/index';
import { DomainError } from '@shop/domain/shared/decider';
import type { EventMetadata } from '@shop/domain/shared/events';
import type { AppContext } from '../api/context.ts';
import { orderActorOf, type Identity } from '../api/auth/identity.ts';
import { loadStream } from '../commands/handleCommand.ts';
import { ConcurrencyError } from '../eventstore/types.ts';
import type { PaymentGateway } from '../payments/paymentGateway.ts';
import { forgetCheckoutCard, keepCheckoutCard, type CheckoutCard } from './checkoutCards.ts';
import { creditBalance } from './credit.ts';
import { appendDecided, decideAll, execute } from '../commands/execute.ts';
import type { Log } from './log.ts';
import { catalogueFor, loadOrderFor, orderAnswer, type OrderAnswer } from './orderAnswer.ts';
import { creditStreamId, orderStreamId, sha256, stockStreamId } from './streams.ts';

/** What PUT /api/complete-order/{id} answers: 200 with the order, or a 4xx with errorMessage. */
export type CheckoutOutcome =
  | { status: 200; body: OrderAnswer }
  | { status: 202 | 400 | 402 | 403 | 404 | 409 | 422; body: { errorMessage: string; message: string } };

const refusal = (status: Exclude<CheckoutOutcome['status'], 200>, message: string): CheckoutOutcome => ({
  status,
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
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A hold refused: the stock rules' message ("Only 2 left of Saga #1"), in a shopper's words when none is left. */
export function holdRefusalMessage(message: string): string {
  const none = /^Only 0 left of (.+)$/.exec(message);
  if (none) return `Sorry, ${none[1]} has just sold out. Please review your order.`;
  return /^Only \d+ left of /.test(message) ? `${message}. Please review your order.` : message;
}

// ---- The checkout pipeline, shared with the process manager ----

export type PipelineResult =
  | { kind: 'completed'; state: OrderState }
  | { kind: 'failed'; status: 402 | 409; message: string; state: OrderState }
  /** The card provider's answer is unknown (it could not be reached): left for the process manager. */
  | { kind: 'pending'; state: OrderState };

export interface PipelineDeps {
  ctx: AppContext;
  gateway: PaymentGateway;
  metadata: EventMetadata;
  log: Log;
}

const loadOrder = async (ctx: AppContext, orderId: string) => (await loadStream(ctx.store, orderDecider, orderStreamId(orderId))).state;

/** A stock stream is hot when many shoppers buy the same item: plenty of retries, each on the new state. */
const onStock = (deps: PipelineDeps, stockItemId: string, command: StockItemCommand | ((state: StockItemState) => StockItemCommand)) =>
  execute(deps.ctx.store, stockItemDecider, stockStreamId(stockItemId), command, deps.metadata, { retries: 60 });

const onOrder = (deps: PipelineDeps, orderId: string, commands: OrderCommand | OrderCommand[]) =>
  execute(deps.ctx.store, orderDecider, orderStreamId(orderId), commands, deps.metadata);

/**
 * Hold a line's copies for the order, unless they were sold to it already (a checkout finished by
 * the process manager after a crash between the sale and the completion): then there is nothing to
 * hold, and any hold left over is released.
 */
const holdLine = (orderId: string, quantity: number) => (state: StockItemState): StockItemCommand =>
  state.status !== 'absent' && state.soldToOrders.has(orderId)
    ? { type: 'ReleaseHold', data: { orderId } }
    : { type: 'HoldStock', data: { orderId, quantity } };

function holdRefusal(error: unknown): string {
  if (error instanceof DomainError) return holdRefusalMessage(error.message);
  if (error instanceof ConcurrencyError) return STOCK_CONTENTION_MESSAGE;
  throw error;
}

/** Releases every hold of this order and fails the checkout; the order stays current. */
async function undoCheckout(deps: PipelineDeps, state: OrderState, checkoutId: string, reason: string): Promise<OrderState> {
  const orderId = state._id;
  await Promise.all(state.orderItems.map((l) => onStock(deps, l.stockItemId, { type: 'ReleaseHold', data: { orderId } })));
  const [failed] = await Promise.all([onOrder(deps, orderId, { type: 'FailCheckout', checkoutId, reason }), forgetCheckoutCard(deps.ctx, checkoutId)]);
  return failed.state;
}

/**
 * After BeginCheckout: hold the stock of every line (expected-version appends on each stock stream),
 * take the payment (card with an idempotency key, in person for an ad-hoc sale, none when credit
 * pays it all), use and carry forward credit, turn the holds into sales, then record the payment and
 * complete the order in one append. Every step is idempotent, so the process manager runs this same
 * function to finish a checkout a crash left half way. On any refusal every hold is released and the
 * checkout fails; the order stays current.
 */
export async function runCheckout(
  deps: PipelineDeps,
  orderId: string,
  checkoutId: string,
  card: CheckoutCard | null,
  /** The order as the caller just wrote it (saves a read); read from the stream otherwise. */
  known?: OrderState,
): Promise<PipelineResult> {
  const { ctx } = deps;
  const state = known ?? (await loadOrder(ctx, orderId));
  if (state.completedCheckoutId === checkoutId) return { kind: 'completed', state };
  const checkout = state.checkout;
  if (checkout?.checkoutId !== checkoutId) {
    await forgetCheckoutCard(ctx, checkoutId);
    return { kind: 'failed', status: 409, message: 'This checkout did not finish. Please try again.', state };
  }

  // 1. Hold the stock of every line.
  const holds = await Promise.allSettled(state.orderItems.map((l) => onStock(deps, l.stockItemId, holdLine(orderId, l.quantity))));
  const refused = holds.find((h): h is PromiseRejectedResult => h.status === 'rejected');
  if (refused) {
    const message = holdRefusal(refused.reason);
    return { kind: 'failed', status: 409, message, state: await undoCheckout(deps, state, checkoutId, message) };
  }

  // 2. Take the payment.
  const totals = orderTotalsOf(state, checkout.creditToUse);
  const at = new Date().toISOString();
  const payment: OrderCommand[] = [];
  if (totals.toPay > PAID_IN_FULL_TOLERANCE_CENTS && !state.payments.some((p) => p.checkoutId === checkoutId)) {
    if (checkout.adhoc) {
      payment.push({ type: 'RecordPayment', checkoutId, paymentId: `in-person-${checkoutId}`, amountCents: totals.toPay, provider: 'in_person', at });
    } else {
      if (!card) return { kind: 'failed', status: 409, message: CARD_LOST_MESSAGE, state: await undoCheckout(deps, state, checkoutId, CARD_LOST_MESSAGE) };
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
        return { kind: 'failed', status: 402, message: result.message, state: await undoCheckout(deps, state, checkoutId, result.message) };
      }
      payment.push({ type: 'RecordPayment', checkoutId, paymentId: result.paymentId, amountCents: result.amountCents, provider: 'card', at });
    }
  }
  const paid = decideAll(orderDecider, payment, state).state;

  // 3. Credit: used by this order, and any overspend carried forward (each once per order).
  const final = orderTotalsOf(paid, checkout.creditToUse);
  const owner = state.owner;
  if (owner?.kind === 'user' && !checkout.adhoc && (final.creditFrom > 0 || final.creditForward > 0)) {
    const credit: CreditCommand[] = [];
    if (final.creditFrom > 0) credit.push({ type: 'UseCredit', orderId, orderPublicId: state.publicId, amountCents: final.creditFrom });
    if (final.creditForward > 0) credit.push({ type: 'CarryCreditForward', orderId, orderPublicId: state.publicId, amountCents: final.creditForward });
    try {
      await execute(ctx.store, creditDecider, creditStreamId(owner.userId), credit, deps.metadata, { retries: 10 });
    } catch (e) {
      if (!(e instanceof DomainError)) throw e;
      deps.log.warn({ err: e, orderId, checkoutId }, 'credit refused at checkout');
      // The payment taken stays on the order: it counts towards the next checkout.
      const kept = payment.length > 0 ? (await onOrder(deps, orderId, payment)).state : state;
      return { kind: 'failed', status: 409, message: CREDIT_CHANGED_MESSAGE, state: await undoCheckout(deps, kept, checkoutId, CREDIT_CHANGED_MESSAGE) };
    }
  }

  // 4. The holds become sales.
  await Promise.all(state.orderItems.map((l) => onStock(deps, l.stockItemId, { type: 'SellHeld', data: { orderId, unitPriceCents: l.price } })));

  // 5. The payment and the completion in one append. (The email reactor makes the confirmation from OrderCompleted.)
  const completed = await onOrder(deps, orderId, [...payment, { type: 'CompleteOrder', checkoutId, completedDate: new Date().toISOString() }]);
  // Not waited for: should it fail, the process manager deletes the tokens of ended checkouts.
  forgetCheckoutCard(ctx, checkoutId).catch((err: unknown) => deps.log.warn({ err, checkoutId }, 'card tokens not deleted yet'));
  return { kind: 'completed', state: completed.state };
}

// ---- PUT /api/complete-order/{id} ----

async function waitForOtherCheckout(ctx: AppContext, orderId: string): Promise<OrderState> {
  const deadline = Date.now() + WAIT_FOR_OTHER_CHECKOUT_MS;
  for (;;) {
    const state = await loadOrder(ctx, orderId);
    if (!state.checkout || Date.now() > deadline) return state;
    await sleep(100);
  }
}

async function answerOf(ctx: AppContext, result: PipelineResult): Promise<CheckoutOutcome> {
  if (result.kind === 'completed') return { status: 200, body: await orderAnswer(ctx, result.state) };
  if (result.kind === 'pending') return refusal(202, PAYMENT_PENDING_MESSAGE);
  return refusal(result.status, result.message);
}

type Begun = { kind: 'begun'; checkoutId: string; card: CheckoutCard | null; state: OrderState } | { kind: 'answer'; outcome: CheckoutOutcome } | { kind: 'again' };

/**
 * Read the order once, sync the body (the order as the shopper last saw it) and begin the checkout
 * in one append. Refusals keep what the body changed (like update-order) and change nothing else.
 */
async function beginFromBody(deps: PipelineDeps, identity: Identity, orderId: string, body: CompleteOrderBody): Promise<Begun> {
  const { ctx } = deps;
  const { state, version } = await loadOrderFor(ctx, identity, orderId);
  if (state.complete) return { kind: 'answer', outcome: { status: 200, body: await orderAnswer(ctx, state) } };
  if (state.checkout) {
    // A checkout older than the wait is stalled (a crash): the process manager finishes it.
    if (Date.now() - Date.parse(state.checkout.startedAt) > WAIT_FOR_OTHER_CHECKOUT_MS) return { kind: 'answer', outcome: refusal(409, CHECKOUT_BUSY_MESSAGE) };
    const after = await waitForOtherCheckout(ctx, orderId);
    if (after.checkout) return { kind: 'answer', outcome: refusal(409, CHECKOUT_BUSY_MESSAGE) };
    return { kind: 'again' };
  }

  const by = orderActorOf(identity);
  const catalogue = await catalogueFor(ctx, [...body.orderItems.map((l) => l._id), ...state.orderItems.map((l) => l.stockItemId)]);
  const sync = planSyncOrder({ type: 'SyncOrder', by, order: body, catalogue }, state);
  const synced = sync.events.reduce(orderDecider.evolve, state);
  const keepSync = async (outcome: CheckoutOutcome): Promise<Begun> => {
    try {
      await appendDecided(ctx.store, orderDecider, orderStreamId(orderId), version, sync.events, deps.metadata);
    } catch (e) {
      if (e instanceof ConcurrencyError) return { kind: 'again' };
      throw e;
    }
    return { kind: 'answer', outcome };
  };
  if (sync.messages.length > 0) return keepSync(refusal(409, `${sync.messages.join(' ')} Please review your order and try again.`));

  const adhoc = isAdhocOrder(synced);
  const owner = synced.owner;
  const credit = owner?.kind === 'user' && !adhoc ? await creditBalance(ctx.store, owner.userId) : 0;
  const checkoutId = randomUUID();
  const begin: BeginCheckout = { type: 'BeginCheckout', by, checkoutId, catalogue, creditAvailableCents: credit, at: new Date().toISOString() };
  let events: OrderEvent[];
  try {
    // The order rules first (items, address, email, prices), before the amount and the card.
    events = [...sync.events, ...orderDecider.decide(begin, synced)];
  } catch (e) {
    if (e instanceof DomainError) return keepSync(refusal(e.status, e.message));
    throw e;
  }

  const totals = orderTotalsOf(synced, credit);
  let card: CheckoutCard | null = null;
  if (!adhoc && totals.toPay > PAID_IN_FULL_TOLERANCE_CENTS) {
    const sent = body.latestTransaction;
    if (sent && sent.value !== String(totals.toPay)) {
      return keepSync(refusal(409, `The amount to pay is now ${formatCents(totals.toPay)}, not ${formatCents(Number(sent.value))}. Please review your order and try again.`));
    }
    const cardToken = sent?.cardToken.trim() ?? '';
    if (cardToken === '') return keepSync(refusal(400, 'Please enter your card details'));
    card = { cardToken, buyerToken: sent?.buyerToken.trim() ?? '' };
  }

  // Kept before the checkout begins: a checkout without kept card tokens was never charged.
  if (card) await keepCheckoutCard(ctx, orderId, checkoutId, card);
  try {
    await appendDecided(ctx.store, orderDecider, orderStreamId(orderId), version, events, deps.metadata);
  } catch (e) {
    await forgetCheckoutCard(ctx, checkoutId);
    if (e instanceof ConcurrencyError) return { kind: 'again' };
    throw e;
  }
  return { kind: 'begun', checkoutId, card, state: events.reduce(orderDecider.evolve, state) };
}

/**
 * The checkout call. The body is the whole order with its latestTransaction: it is synced first
 * (any correction is answered 409 with the reasons), the amount the shopper saw must be what the
 * server charges, then the checkout begins and the pipeline runs. A completed order answers its
 * completed view, so the same body sent twice charges once and gets the same answer; a second
 * request arriving while the first is still paying waits for it.
 */
export async function completeOrderCheckout(deps: PipelineDeps, identity: Identity, orderId: string, body: CompleteOrderBody): Promise<CheckoutOutcome> {
  for (let round = 0; round < 5; round++) {
    const begun = await beginFromBody(deps, identity, orderId, body);
    if (begun.kind === 'answer') return begun.outcome;
    if (begun.kind === 'begun') return answerOf(deps.ctx, await runCheckout(deps, orderId, begun.checkoutId, begun.card, begun.state));
  }
  return refusal(409, CHECKOUT_BUSY_MESSAGE);
}
