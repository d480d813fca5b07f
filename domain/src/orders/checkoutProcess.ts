import { stockItemDecider, type StockItemCommand, type StockItemState } from '../catalogue/stockItem.ts';
import type { StockItemEvent } from '../catalogue/stockItemEvents.ts';
import { creditDecider, type CreditState } from '../credit/credit.ts';
import type { CreditCommand } from '../credit/creditCommands.ts';
import type { CreditEvent } from '../credit/creditEvents.ts';
import { formatCents } from '../credit/money.ts';
import { DomainError, type ErrorKind } from '../shared/decider.ts';
import type { CatalogueLookup } from './catalogueView.ts';
import type { CompleteOrderBody } from './clientOrderSchema.ts';
import { orderDecider } from './order.ts';
import type { OrderActor, OrderCommand } from './orderCommands.ts';
import type { OrderEvent } from './orderEvents.ts';
import { isAdhocOrder, type OrderState } from './orderState.ts';
import { orderTotalsOf } from './orderTotalsOf.ts';
import { planSyncOrder } from './syncOrder.ts';
import { PAID_IN_FULL_TOLERANCE_CENTS } from './totals.ts';

/**
 * The checkout as a process: a pure state machine over the order, its lines' stock and the owner's
 * credit. Given what the streams hold now (and the card provider's answer, once asked), it says the
 * next step: the commands (and the events they decide) for each stream, in one append (the begin
 * keeps the card tokens first); the outside call to make (charge the card); or the end. The service runs it in one loop
 * (load, ask, run the step, repeat); checkout recovery runs the same machine without a request.
 *
 *   not begun ──begin + holds──▶ stock held ──charge──▶ charged ──sell, use credit, complete──▶ completed
 *        │                          │   (no card to charge: credit or in person) ──────────────▲
 *        └─ refused (sync kept)     └─ hold / card / credit refused: release, fail ──▶ released
 */

export const PAYMENT_PENDING_MESSAGE =
  'We could not confirm your card payment with the card provider yet. Your order is safe: we will finish it within a minute (you will not be charged twice). Please check Your Orders shortly.';
export const CHECKOUT_BUSY_MESSAGE = 'Payment for this order is in progress. Please wait a moment and try again';
export const STOCK_CONTENTION_MESSAGE = 'Many people are buying the same item right now. Please try again.';
export const CREDIT_CHANGED_MESSAGE =
  'Your store credit changed during checkout. Any payment taken stays on this order; please review your order and complete it again.';
export const CARD_LOST_MESSAGE = 'The payment could not be finished. Please enter your card details again.';
export const CHECKOUT_ENDED_MESSAGE = 'This checkout did not finish. Please try again.';

/** How long a request waits for another checkout of the same order; older ones are stalled (recovery finishes them). */
export const WAIT_FOR_OTHER_CHECKOUT_MS = 20_000;
const WAIT_POLL_MS = 100;

export interface CheckoutCard {
  cardToken: string;
  buyerToken: string;
}

/** The card provider's answer to this checkout's charge. */
export type ChargeAnswer = { ok: true; paymentId: string; amountCents: number } | { ok: false; message: string };

/** The charge to send (with the checkout's idempotency key, so sending it again never charges twice). */
export interface ChargeOrder {
  amountCents: number;
  card: CheckoutCard;
  referenceId: string;
  note: string;
}

/** A shopper's (or an admin's) complete-order call: the order as last seen, and who sends it. */
export interface CheckoutRequest {
  by: OrderActor;
  body: CompleteOrderBody;
  /** The catalogue's view of the body's items and the order's lines. */
  catalogue: CatalogueLookup;
  /** When the call arrived (ISO): it waits for another checkout of the order at most WAIT_FOR_OTHER_CHECKOUT_MS. */
  arrivedAt: string;
}

export interface CheckoutView {
  orderId: string;
  checkoutId: string;
  order: OrderState;
  /** The stock item of each line (and of each of the request's items), by stock item id. */
  stock: ReadonlyMap<string, StockItemState>;
  /** The credit stream of `creditUserId`. */
  credit: CreditState | null;
  creditUserId: string | null;
  /** None: recovery finishing a checkout that began earlier. */
  request: CheckoutRequest | null;
  /** The card tokens of this checkout (the request's, or those kept for recovery); none: never charged. */
  card: CheckoutCard | null;
  cardKept: boolean;
  /** The card provider's answer, once the charge step ran. */
  charge: ChargeAnswer | null;
  /** Now (ISO): the times written into events. */
  now: string;
}

export type CheckoutPhase = 'not begun' | 'begun' | 'stock held' | 'charged' | 'completed' | 'released';

/** What a step writes to each stream, in one append (all or none); streams with nothing are empty. */
export interface StreamsOf<O, S, C> {
  order: O[];
  /** By stock item id. */
  stock: Map<string, S[]>;
  credit: C[];
}
export type CheckoutCommands = StreamsOf<OrderCommand, StockItemCommand, CreditCommand>;
export type CheckoutEvents = StreamsOf<OrderEvent, StockItemEvent, CreditEvent>;

export type CheckoutEnd =
  /** This checkout completed the order. */
  | { kind: 'completed' }
  /** The order was complete already (the same body twice): answered as it is. */
  | { kind: 'already complete' }
  | { kind: 'refused'; why: CheckoutRefusal; message: string }
  /** The card provider's answer is unknown, or the streams kept moving: recovery finishes it. */
  | { kind: 'pending' };

export type CheckoutStep =
  /** Read these too (lines or an owner's credit the view lacks), then ask again. */
  | { kind: 'read'; stockItemIds: string[]; creditUserId: string | null }
  /** The caller's draft is written first (with the body's lines), then asked again. */
  | { kind: 'start draft' }
  /** Another checkout of this order is running: read again after `ms`. */
  | { kind: 'wait'; ms: number }
  | {
      kind: 'append';
      to: CheckoutPhase;
      commands: CheckoutCommands;
      events: CheckoutEvents;
      /** Keep these card tokens first (so recovery can send the same charge): a checkout begun without them was never charged. */
      keepCardFirst?: CheckoutCard;
      /** The run ends once this is appended. */
      then?: CheckoutEnd;
    }
  | { kind: 'charge'; charge: ChargeOrder }
  | { kind: 'end'; end: CheckoutEnd };

/** A hold refused: the stock rules' message ("Only 2 left of Saga #1"), in a shopper's words when none is left. */
export function holdRefusalMessage(message: string): string {
  const none = /^Only 0 left of (.+)$/.exec(message);
  if (none) return `Sorry, ${none[1]} has just sold out. Please review your order.`;
  return /^Only \d+ left of /.test(message) ? `${message}. Please review your order.` : message;
}

/** Why a checkout was refused: an error kind, which only the HTTP layer turns into a status. */
export type CheckoutRefusal = ErrorKind;

const refused = (why: CheckoutRefusal, message: string): CheckoutEnd => ({ kind: 'refused', why, message });

/** Where the checkout is, from the streams (and the charge answer this run holds). */
export function checkoutPhaseOf(view: CheckoutView): CheckoutPhase {
  const { order, checkoutId } = view;
  if (order.completedCheckoutId === checkoutId) return 'completed';
  if (order.failedCheckoutIds.includes(checkoutId)) return 'released';
  if (order.checkout?.checkoutId !== checkoutId) return 'not begun';
  if (missingHolds(view, order).size > 0) return 'begun';
  if (view.charge?.ok || order.payments.some((p) => p.checkoutId === checkoutId)) return 'charged';
  return 'stock held';
}

/** The end when the streams kept moving (the one retry policy gave up): before the checkout began, a refusal; after, recovery's. */
export function contendedEnd(view: CheckoutView, stockMoved: boolean): CheckoutEnd {
  if (view.order.checkout?.checkoutId === view.checkoutId) return { kind: 'pending' };
  return refused('conflict', stockMoved ? STOCK_CONTENTION_MESSAGE : CHECKOUT_BUSY_MESSAGE);
}

/** The next step of the checkout `view.checkoutId`. Pure: the same view, the same step. */
export function nextCheckoutStep(view: CheckoutView): CheckoutStep {
  const { order, checkoutId } = view;
  if (order.completedCheckoutId === checkoutId) return end({ kind: 'completed' });
  if (order.checkout?.checkoutId === checkoutId) return continueCheckout(view);
  if (!view.request || order.failedCheckoutIds.includes(checkoutId)) return end(refused('conflict', CHECKOUT_ENDED_MESSAGE));
  return beginCheckout(view, view.request);
}

const end = (outcome: CheckoutEnd): CheckoutStep => ({ kind: 'end', end: outcome });

const noCommands = (): CheckoutCommands => ({ order: [], stock: new Map(), credit: [] });

/** The copies each stock item's lines ask for (an order has one line per item; summed should it ever have two). */
function quantitiesByItem(order: OrderState): Map<string, number> {
  const quantities = new Map<string, number>();
  for (const l of order.orderItems) quantities.set(l.stockItemId, (quantities.get(l.stockItemId) ?? 0) + l.quantity);
  return quantities;
}

/** Lines not read yet: the machine never decides on a stock item it has not seen. */
function unread(view: CheckoutView, order: OrderState): string[] {
  return [...quantitiesByItem(order).keys()].filter((id) => !view.stock.has(id));
}

/** The holds this order still needs: none once held, or sold to it (a crash between the sale and the completion). */
function missingHolds(view: CheckoutView, order: OrderState): Map<string, number> {
  const missing = new Map<string, number>();
  for (const [id, quantity] of quantitiesByItem(order)) {
    const stock = view.stock.get(id);
    if (stock && stock.status !== 'absent' && (stock.soldToOrders.has(view.orderId) || stock.holds.get(view.orderId) === quantity))
      continue;
    missing.set(id, quantity);
  }
  return missing;
}

/** Decides the commands on each stream's state (each command on the state the previous left); throws a DomainError to refuse. */
function decideAll(view: CheckoutView, commands: CheckoutCommands, orderState: OrderState = view.order): CheckoutEvents {
  const events: CheckoutEvents = { order: [], stock: new Map(), credit: [] };
  let order = orderState;
  for (const c of commands.order) {
    const decided = orderDecider.decide(c, order);
    events.order.push(...decided);
    order = decided.reduce(orderDecider.evolve, order);
  }
  for (const [id, stockCommands] of commands.stock) {
    let stock = view.stock.get(id) ?? stockItemDecider.initialState();
    const decided: StockItemEvent[] = [];
    for (const c of stockCommands) {
      const more = stockItemDecider.decide(c, stock);
      decided.push(...more);
      stock = more.reduce(stockItemDecider.evolve, stock);
    }
    if (decided.length > 0) events.stock.set(id, decided);
  }
  let credit = view.credit ?? creditDecider.initialState();
  for (const c of commands.credit) {
    const decided = creditDecider.decide(c, credit);
    events.credit.push(...decided);
    credit = decided.reduce(creditDecider.evolve, credit);
  }
  return events;
}

/** The same commands on every line's stock item. */
function onEveryLine(
  order: OrderState,
  command: (stockItemId: string, quantity: number) => StockItemCommand | null,
): Map<string, StockItemCommand[]> {
  const stock = new Map<string, StockItemCommand[]>();
  for (const [id, quantity] of quantitiesByItem(order)) {
    const c = command(id, quantity);
    if (c) stock.set(id, [c]);
  }
  return stock;
}

/** Undo: release every hold and fail the checkout, in one append (`payment` taken stays recorded on the order). */
function release(view: CheckoutView, message: string, why: CheckoutRefusal, payment: OrderCommand[] = []): CheckoutStep {
  const { orderId, checkoutId } = view;
  const commands: CheckoutCommands = {
    order: [...payment, { type: 'FailCheckout', checkoutId, reason: message }],
    stock: onEveryLine(view.order, () => ({ type: 'ReleaseHold', data: { orderId } })),
    credit: [],
  };
  return { kind: 'append', to: 'released', commands, events: decideAll(view, commands), then: refused(why, message) };
}

/** The card tokens a complete-order body sends: none when its card token is empty. */
export function cardSentWith(body: CompleteOrderBody): CheckoutCard | null {
  const sent = body.latestTransaction;
  const cardToken = sent?.cardToken.trim() ?? '';
  return cardToken === '' ? null : { cardToken, buyerToken: sent?.buyerToken.trim() ?? '' };
}

/**
 * Not begun: the request's body synced onto the order (the order as the shopper last saw it), then
 * the checkout begun and every line held, in one append. A refusal keeps what the body changed
 * (like update-order) and changes nothing else.
 */
function beginCheckout(view: CheckoutView, request: CheckoutRequest): CheckoutStep {
  const { order, orderId, checkoutId } = view;
  if (!order.started) return { kind: 'start draft' };
  if (order.complete) return end({ kind: 'already complete' });
  if (order.checkout) {
    const now = Date.parse(view.now);
    const stalled = now - Date.parse(order.checkout.startedAt) > WAIT_FOR_OTHER_CHECKOUT_MS;
    const waitedEnough = now - Date.parse(request.arrivedAt) > WAIT_FOR_OTHER_CHECKOUT_MS;
    return stalled || waitedEnough ? end(refused('conflict', CHECKOUT_BUSY_MESSAGE)) : { kind: 'wait', ms: WAIT_POLL_MS };
  }

  const sync = { type: 'SyncOrder' as const, by: request.by, order: request.body, catalogue: request.catalogue };
  const plan = planSyncOrder(sync, order);
  const synced = plan.events.reduce(orderDecider.evolve, order);
  const keepSync = (outcome: CheckoutEnd): CheckoutStep => ({
    kind: 'append',
    to: 'not begun',
    commands: { ...noCommands(), order: plan.events.length > 0 ? [sync] : [] },
    events: { order: plan.events, stock: new Map(), credit: [] },
    then: outcome,
  });
  if (plan.messages.length > 0) return keepSync(refused('conflict', `${plan.messages.join(' ')} Please review your order and try again.`));

  const unreadLines = unread(view, synced);
  const owner = synced.owner;
  const adhoc = isAdhocOrder(synced);
  const usesCredit = owner?.kind === 'user' && !adhoc;
  const creditOwner = usesCredit ? owner.userId : null;
  if (unreadLines.length > 0 || (creditOwner && view.creditUserId !== creditOwner)) {
    return { kind: 'read', stockItemIds: unreadLines, creditUserId: creditOwner ?? view.creditUserId };
  }
  const credit = usesCredit ? (view.credit?.balanceCents ?? 0) : 0;

  const begin: OrderCommand = {
    type: 'BeginCheckout',
    by: request.by,
    checkoutId,
    catalogue: request.catalogue,
    creditAvailableCents: credit,
    at: view.now,
  };
  let begun: OrderEvent[];
  try {
    // The order rules first (items, address, email, prices), before the amount, the card and the stock.
    begun = orderDecider.decide(begin, synced);
  } catch (e) {
    if (e instanceof DomainError) return keepSync(refused(e.kind, e.message));
    throw e;
  }

  const totals = orderTotalsOf(synced, credit);
  let card: CheckoutCard | null = null;
  if (!adhoc && totals.toPay > PAID_IN_FULL_TOLERANCE_CENTS) {
    const sent = request.body.latestTransaction;
    if (sent && sent.value !== String(totals.toPay)) {
      return keepSync(
        refused(
          'conflict',
          `The amount to pay is now ${formatCents(totals.toPay)}, not ${formatCents(Number(sent.value))}. Please review your order and try again.`,
        ),
      );
    }
    card = cardSentWith(request.body);
    if (!card) return keepSync(refused('invalid', 'Please enter your card details'));
  }

  // HoldStock sets this order's hold; the stock rules refuse more than is free.
  const commands: CheckoutCommands = {
    order: [...(plan.events.length > 0 ? [sync] : []), begin],
    stock: onEveryLine(synced, (_, quantity) => ({ type: 'HoldStock', data: { orderId, quantity } })),
    credit: [],
  };
  let events: CheckoutEvents;
  try {
    events = { ...decideAll(view, { ...commands, order: [] }), order: [...plan.events, ...begun] };
  } catch (e) {
    if (e instanceof DomainError) return keepSync(refused('conflict', holdRefusalMessage(e.message)));
    throw e;
  }
  return { kind: 'append', to: 'stock held', commands, events, ...(card && !view.cardKept ? { keepCardFirst: card } : {}) };
}

/** Begun: hold what is missing, take the payment, then sell, use credit and complete in one append. */
function continueCheckout(view: CheckoutView): CheckoutStep {
  const { order, orderId, checkoutId } = view;
  const checkout = order.checkout!;
  const owner = order.owner;
  const usesCredit = owner?.kind === 'user' && !checkout.adhoc;
  const unreadLines = unread(view, order);
  if (unreadLines.length > 0 || (usesCredit && view.creditUserId !== owner.userId)) {
    return { kind: 'read', stockItemIds: unreadLines, creditUserId: usesCredit ? owner.userId : view.creditUserId };
  }

  // 1. Every line held (after a crash, or on an event store whose multi-stream appends are not atomic).
  const missing = missingHolds(view, order);
  if (missing.size > 0) {
    const commands: CheckoutCommands = {
      ...noCommands(),
      stock: new Map([...missing].map(([id, quantity]) => [id, [{ type: 'HoldStock', data: { orderId, quantity } } as StockItemCommand]])),
    };
    try {
      return { kind: 'append', to: 'stock held', commands, events: decideAll(view, commands) };
    } catch (e) {
      if (e instanceof DomainError) return release(view, holdRefusalMessage(e.message), 'conflict');
      throw e;
    }
  }

  // 2. The payment: in person for an ad-hoc sale, none when credit pays it all, else the card (once).
  const totals = orderTotalsOf(order, checkout.creditToUse);
  const payment: OrderCommand[] = [];
  if (totals.toPay > PAID_IN_FULL_TOLERANCE_CENTS && !order.payments.some((p) => p.checkoutId === checkoutId)) {
    if (checkout.adhoc) {
      payment.push({
        type: 'RecordPayment',
        checkoutId,
        paymentId: `in-person-${checkoutId}`,
        amountCents: totals.toPay,
        provider: 'in_person',
        at: view.now,
      });
    } else if (!view.charge) {
      if (!view.card) return release(view, CARD_LOST_MESSAGE, 'conflict');
      return {
        kind: 'charge',
        charge: { amountCents: totals.toPay, card: view.card, referenceId: String(order.publicId), note: `Order ${order.publicId}` },
      };
    } else if (!view.charge.ok) {
      return release(view, view.charge.message, 'payment-required');
    } else {
      payment.push({
        type: 'RecordPayment',
        checkoutId,
        paymentId: view.charge.paymentId,
        amountCents: view.charge.amountCents,
        provider: 'card',
        at: view.now,
      });
    }
  }

  // 3. Credit used and carried forward, the holds sold, the payment recorded and the order completed.
  const paid = payment.reduce((s, c) => orderDecider.decide(c, s).reduce(orderDecider.evolve, s), order);
  const final = orderTotalsOf(paid, checkout.creditToUse);
  const credit: CreditCommand[] = [];
  if (usesCredit && final.creditFrom > 0)
    credit.push({ type: 'UseCredit', orderId, orderPublicId: order.publicId, amountCents: final.creditFrom });
  if (usesCredit && final.creditForward > 0)
    credit.push({ type: 'CarryCreditForward', orderId, orderPublicId: order.publicId, amountCents: final.creditForward });
  const commands: CheckoutCommands = {
    order: [...payment, { type: 'CompleteOrder', checkoutId, completedDate: view.now }],
    stock: onEveryLine(order, (id) => ({
      type: 'SellHeld',
      data: { orderId, unitPriceCents: order.orderItems.find((l) => l.stockItemId === id)!.price },
    })),
    credit,
  };
  try {
    decideAll(view, { ...noCommands(), credit });
  } catch (e) {
    // The payment taken stays on the order: it counts towards the next checkout.
    if (e instanceof DomainError) return release(view, CREDIT_CHANGED_MESSAGE, 'conflict', payment);
    throw e;
  }
  return { kind: 'append', to: 'completed', commands, events: decideAll(view, commands) };
}
