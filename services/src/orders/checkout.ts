import { randomUUID } from 'node:crypto';
import {
  CARD_LOST_MESSAGE,
  cardSentWith,
  CHECKOUT_BUSY_MESSAGE,
  checkoutPhaseOf,
  contendedEnd,
  CREDIT_CHANGED_MESSAGE,
  EMPTY_ORDER_MESSAGE,
  holdRefusalMessage,
  isAdhocOrder,
  nextCheckoutStep,
  PAYMENT_PENDING_MESSAGE,
  STOCK_CONTENTION_MESSAGE,
  type CatalogueLookup,
  type CheckoutCard,
  type CheckoutEnd,
  type CheckoutStep,
  type CheckoutView,
  type ChargeAnswer,
  type CompleteOrderBody,
  type OrderState,
} from '@shop/domain/orders/index';
import type { EventMetadata } from '@shop/domain/shared/events';
import { DomainError, type ErrorKind } from '@shop/domain/shared/decider';
import { orderActorOf, type Identity } from '../accounts/actor.ts';
import { retrying } from '../commands/handle.ts';
import type { Deps } from '../deps/deps.ts';
import { ConcurrencyError } from '../eventstore/types.ts';
import type { PaymentGateway } from '../payments/paymentGateway.ts';
import { forgetCheckoutCard, forgetCheckoutCardSoon, keepCheckoutCard, lookUpKeepingCard } from './checkoutCards.ts';
import {
  appendDecisions,
  keptCheckoutStreams,
  onNewestStock,
  readCheckoutStreams,
  readCheckoutStreamsOfOrder,
  withStreamsOf,
  writesEvery,
  type CheckoutStreams,
} from './checkoutStreams.ts';
import type { Log } from './log.ts';
import { syncDraft } from './updateOrder.ts';
import { catalogueFor, catalogueWith, mayTouch, ORDER_NOT_FOUND, orderAnswer, type OrderAnswer } from './orderAnswer.ts';
import { sha256, stockStreamId } from './streams.ts';

export {
  CARD_LOST_MESSAGE,
  CHECKOUT_BUSY_MESSAGE,
  CREDIT_CHANGED_MESSAGE,
  holdRefusalMessage,
  PAYMENT_PENDING_MESSAGE,
  STOCK_CONTENTION_MESSAGE,
};

/** What PUT /api/complete-order/{id} answers: 200 with the order, or a 4xx with errorMessage. */
export type CheckoutOutcome =
  { kind: 'ok'; body: OrderAnswer } | { kind: 'pending' | ErrorKind; body: { errorMessage: string; message: string } };

const refusal = (kind: Exclude<CheckoutOutcome['kind'], 'ok'>, message: string): CheckoutOutcome => ({
  kind,
  body: { errorMessage: message, message },
});

/** Same order and checkout, same key: Square returns the first result for a repeated charge. (Square keys are at most 45 characters.) */
export const idempotencyKeyOf = (orderId: string, checkoutId: string) => sha256(`charge/${orderId}/${checkoutId}`).slice(0, 40);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface PipelineDeps {
  ctx: Deps;
  gateway: PaymentGateway;
  metadata: EventMetadata;
  log: Log;
}

/** A complete-order call, as the loop needs it (recovery has none). */
interface CheckoutCall {
  identity: Identity;
  body: CompleteOrderBody;
  /** The catalogue's view of the body's items, looked up with the first read. */
  bodyCatalogue: CatalogueLookup;
  arrivedAt: string;
}

export interface CheckoutRun {
  orderId: string;
  checkoutId: string;
  /** The shopper's call that begins the checkout; none: recovery finishing one. */
  call: CheckoutCall | null;
  /** The card tokens kept already: recovery's (none: lost), or those the call's body sent, kept with its first lookup. */
  card: CheckoutCard | null;
}

export interface CheckoutRunResult {
  end: CheckoutEnd;
  streams: CheckoutStreams;
}

/** What one run of the loop holds besides the streams: what the outside calls answered. */
interface Outside {
  card: CheckoutCard | null;
  cardKept: boolean;
  charge: ChargeAnswer | null;
  /** The catalogue's view of the call's items and the order's lines. */
  catalogue: CatalogueLookup | null;
}

function viewOf(run: CheckoutRun, streams: CheckoutStreams, outside: Outside, now: Date): CheckoutView {
  return {
    orderId: run.orderId,
    checkoutId: run.checkoutId,
    order: streams.order.state,
    stock: new Map([...streams.stock].map(([id, loaded]) => [id, loaded.state])),
    credit: streams.credit?.state ?? null,
    creditUserId: streams.creditUserId,
    request:
      run.call && outside.catalogue
        ? { by: orderActorOf(run.call.identity), body: run.call.body, catalogue: outside.catalogue, arrivedAt: run.call.arrivedAt }
        : null,
    card: outside.card,
    cardKept: outside.cardKept,
    charge: outside.charge,
    now: now.toISOString(),
  };
}

type Appended = { streams: CheckoutStreams; then?: CheckoutEnd } | { step: CheckoutStep; streams: CheckoutStreams };

/** Appends an append step's events (each stream at the version decided on); throws ConcurrencyError when one moved meanwhile. */
async function append(deps: PipelineDeps, streams: CheckoutStreams, step: Extract<CheckoutStep, { kind: 'append' }>): Promise<Appended> {
  return { streams: await appendDecisions(deps.ctx, streams, step.events, deps.metadata), ...(step.then ? { then: step.then } : {}) };
}

/** Whether `step` may be run on `streams`: on unread streams, only an append to every one of them. */
const mayRunOn = (streams: CheckoutStreams, step: CheckoutStep): boolean =>
  !streams.unread || (step.kind === 'append' && writesEvery(streams, step.events));

/** An append the loop can run at once (not one whose card must be kept first, nor one unread streams cannot prove). */
const readyToAppend = (step: CheckoutStep, outside: Outside, streams: CheckoutStreams): step is Extract<CheckoutStep, { kind: 'append' }> =>
  step.kind === 'append' && !(step.keepCardFirst && !outside.cardKept) && mayRunOn(streams, step);

/**
 * Runs the checkout machine in one loop: ask it for the next step on the streams as they are, run
 * the step (an append, an outside call, a read), repeat until it ends. Appends that touch stock run
 * on the newest stock states this process keeps, one at a time per item (onNewestStock), so
 * checkouts here of the same item go one after another instead of refusing each other. An append
 * refused because a stream moved is read and asked again under the one retry policy (retrying);
 * past it the machine says how the checkout ends (contendedEnd).
 */
export async function runCheckoutProcess(deps: PipelineDeps, run: CheckoutRun, first: CheckoutStreams): Promise<CheckoutRunResult> {
  const { ctx } = deps;
  const outside: Outside = { card: run.card, cardKept: run.call === null || run.card !== null, charge: null, catalogue: null };
  let streams = first;
  const readAgain = () => readCheckoutStreams(ctx, run.orderId, [...streams.stock.keys()], streams.creditUserId);
  const finish = async (end: CheckoutEnd): Promise<CheckoutRunResult> => {
    if (end.kind === 'completed') {
      forgetCheckoutCardSoon(ctx, run.checkoutId).catch((err: unknown) =>
        deps.log.warn({ err, checkoutId: run.checkoutId }, 'card tokens not deleted yet'),
      );
    } else if (end.kind !== 'pending' && outside.cardKept) {
      await forgetCheckoutCard(ctx, run.checkoutId);
    }
    return { end, streams };
  };
  /** The machine's next step on `current`. */
  const ask = async (current: CheckoutStreams): Promise<CheckoutStep> => {
    const order = current.order.state;
    if (run.call && order.checkout?.checkoutId !== run.checkoutId) {
      // Not begun: the caller must be allowed to touch the order, and the machine needs the catalogue.
      if (order.started && !mayTouch(run.call.identity, order)) throw new DomainError(ORDER_NOT_FOUND, 'not-found');
      outside.catalogue = await catalogueWith(
        ctx,
        run.call.bodyCatalogue,
        order.orderItems.map((l) => l.stockItemId),
      );
    }
    return nextCheckoutStep(viewOf(run, current, outside, ctx.clock()));
  };
  /** Runs an append step; stock appends on the newest stock this process keeps, under its per-item lock. */
  const appendStep = (asked: Extract<CheckoutStep, { kind: 'append' }>): Promise<Appended> =>
    asked.events.stock.size > 0
      ? onNewestStock(ctx, streams, async (newest): Promise<Appended> => {
          // Decided again on newer states (another checkout here held or sold since), else as asked.
          const again = newest === streams ? asked : nextCheckoutStep(viewOf(run, newest, outside, ctx.clock()));
          // Anything else (an end, or a begin whose card is not kept yet) is run outside the locks.
          return readyToAppend(again, outside, newest) ? append(deps, newest, again) : { step: again, streams: newest };
        })
      : append(deps, streams, asked);

  try {
    for (;;) {
      let step: CheckoutStep | null;
      try {
        step = await ask(streams);
      } catch (e) {
        if (!(streams.unread && e instanceof DomainError)) throw e;
        step = null; // refused on the kept states: refused only once they are read
      }
      if (step === null || !mayRunOn(streams, step)) {
        // Decided on kept states without appending to every one of them: read them all, decide again.
        streams = await readAgain();
        continue;
      }
      if (step.kind === 'append') {
        const asked = step;
        if (!step.then && step.events.stock.size === 0 && step.events.order.length === 0 && step.events.credit.length === 0) {
          throw new Error(`the checkout machine asked for an empty append (to ${step.to}): it would ask again forever`);
        }
        if (step.keepCardFirst && !outside.cardKept) {
          await keepCheckoutCard(ctx, run.orderId, run.checkoutId, step.keepCardFirst);
          outside.card = step.keepCardFirst;
          outside.cardKept = true;
        }
        let done: Appended;
        try {
          done = await retrying(async (attempt): Promise<Appended> => {
            if (attempt === 0) return appendStep(asked);
            // A stream moved: read again and ask again; anything but an append goes back to the loop.
            streams = await readAgain();
            const again = await ask(streams);
            return readyToAppend(again, outside, streams) ? appendStep(again) : { step: again, streams };
          });
        } catch (e) {
          if (!(e instanceof ConcurrencyError)) throw e;
          return await finish(contendedEnd(viewOf(run, streams, outside, ctx.clock()), e.streamId.startsWith(stockStreamId(''))));
        }
        streams = done.streams;
        if ('step' in done) step = done.step;
        else if (done.then) return await finish(done.then);
        else continue;
      }
      switch (step.kind) {
        case 'append':
          continue; // asked again on the newer streams
        case 'end':
          return await finish(step.end);
        case 'read':
          streams = await withStreamsOf(ctx, streams, step.stockItemIds, step.creditUserId);
          continue;
        case 'start draft': {
          // The caller's draft (never changed before): written with the body's lines, then checked out.
          try {
            const synced = await syncDraft(ctx, run.call!.identity, run.orderId, run.call!.body, run.call!.bodyCatalogue, deps.metadata);
            if (synced !== 'started' && synced.draft)
              return await finish({ kind: 'refused', why: 'invalid', message: EMPTY_ORDER_MESSAGE });
          } catch (e) {
            if (!(e instanceof ConcurrencyError)) throw e;
            return await finish(contendedEnd(viewOf(run, streams, outside, ctx.clock()), false));
          }
          streams = await readAgain();
          continue;
        }
        case 'wait':
          await sleep(step.ms);
          streams = await readAgain();
          continue;
        case 'charge': {
          const { charge } = step;
          try {
            const result = await deps.gateway.charge({
              amountCents: charge.amountCents,
              sourceId: charge.card.cardToken,
              verificationToken: charge.card.buyerToken || null,
              idempotencyKey: idempotencyKeyOf(run.orderId, run.checkoutId),
              referenceId: charge.referenceId,
              note: charge.note,
            });
            outside.charge = result.ok ? result : { ok: false, message: result.message };
          } catch (err) {
            deps.log.error(
              { err, orderId: run.orderId, checkoutId: run.checkoutId },
              'the card provider could not be reached; the checkout is left for the process manager',
            );
            return await finish({ kind: 'pending' });
          }
          continue;
        }
      }
    }
  } catch (e) {
    // Tokens kept for a checkout that never began are not needed; once begun, recovery uses them.
    if (run.call && outside.cardKept && checkoutPhaseOf(viewOf(run, streams, outside, ctx.clock())) === 'not begun')
      await forgetCheckoutCard(ctx, run.checkoutId);
    throw e;
  }
}

/** Recovery's run of the machine: the checkout `checkoutId` of `orderId`, with the card tokens kept for it. */
export async function finishCheckout(
  deps: PipelineDeps,
  orderId: string,
  checkoutId: string,
  card: CheckoutCard | null,
): Promise<CheckoutRunResult> {
  const streams = await readCheckoutStreamsOfOrder(deps.ctx, orderId);
  return runCheckoutProcess(deps, { orderId, checkoutId, call: null, card }, streams);
}

async function answerOf(ctx: Deps, { end, streams }: CheckoutRunResult): Promise<CheckoutOutcome> {
  const state: OrderState = streams.order.state;
  switch (end.kind) {
    case 'completed': {
      const usesCredit = state.owner?.kind === 'user' && !isAdhocOrder(state);
      return {
        kind: 'ok',
        body: await orderAnswer(ctx, state, { creditCents: usesCredit && streams.credit ? streams.credit.state.balanceCents : undefined }),
      };
    }
    case 'already complete':
      return { kind: 'ok', body: await orderAnswer(ctx, state) };
    case 'pending':
      return refusal('pending', PAYMENT_PENDING_MESSAGE);
    case 'refused':
      return refusal(end.why, end.message);
  }
}

/**
 * The checkout call. The body is the whole order with its latestTransaction: it is synced first
 * (any correction is answered 409 with the reasons), the amount the shopper saw must be what the
 * server charges, then the checkout begins with its holds, the card is charged and the order
 * completes (see nextCheckoutStep). A completed order answers its completed view, so the same body
 * sent twice charges once and gets the same answer; a second request arriving while the first is
 * still paying waits for it.
 */
export async function completeOrderCheckout(
  deps: PipelineDeps,
  identity: Identity,
  orderId: string,
  body: CompleteOrderBody,
): Promise<CheckoutOutcome> {
  const bodyIds = body.orderItems.map((l) => l._id);
  const checkoutId = randomUUID();
  const card = cardSentWith(body);
  // A guest's order and stock this process keeps are decided on without a read (see `unread`).
  const kept = identity.kind === 'user' ? null : keptCheckoutStreams(deps.ctx, orderId, bodyIds);
  const [streams, bodyCatalogue] = await Promise.all([
    kept ?? readCheckoutStreams(deps.ctx, orderId, bodyIds, identity.kind === 'user' ? identity.userId : null),
    card ? lookUpKeepingCard(deps.ctx, bodyIds, { orderId, checkoutId, card }) : catalogueFor(deps.ctx, bodyIds),
  ]);
  const run: CheckoutRun = {
    orderId,
    checkoutId,
    call: { identity, body, bodyCatalogue, arrivedAt: deps.ctx.clock().toISOString() },
    card,
  };
  return answerOf(deps.ctx, await runCheckoutProcess(deps, run, streams));
}
