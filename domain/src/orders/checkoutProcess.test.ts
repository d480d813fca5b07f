import { describe, expect, it } from 'vitest';
import { stockItemInputSchema } from '../catalogue/schemas.ts';
import { stockItemDecider, type StockItemState } from '../catalogue/stockItem.ts';
import type { BatchSnapshot, StockItemEvent } from '../catalogue/stockItemEvents.ts';
import { toStockItemFields } from '../catalogue/stockItemFields.ts';
import { creditDecider, type CreditState } from '../credit/credit.ts';
import type { CreditEvent } from '../credit/creditEvents.ts';
import { fold } from '../shared/decider.ts';
import type { CatalogueItem } from './catalogueView.ts';
import {
  CARD_LOST_MESSAGE,
  CHECKOUT_BUSY_MESSAGE,
  CHECKOUT_ENDED_MESSAGE,
  checkoutPhaseOf,
  contendedEnd,
  CREDIT_CHANGED_MESSAGE,
  nextCheckoutStep,
  STOCK_CONTENTION_MESSAGE,
  type ChargeAnswer,
  type ChargeOrder,
  type CheckoutCard,
  type CheckoutEnd,
  type CheckoutPhase,
  type CheckoutRequest,
  type CheckoutStep,
  type CheckoutView,
} from './checkoutProcess.ts';
import { completeOrderBodySchema } from './clientOrderSchema.ts';
import { orderDecider } from './order.ts';
import type { OrderActor } from './orderCommands.ts';
import type { OrderEvent } from './orderEvents.ts';
import type { OrderState } from './orderState.ts';
import { added, admin, batman, catalogue, jane, sameAsBilling, saga, shippingSet, started, T1 } from './testFixtures.ts';

// ---- The world: the streams as the event store holds them, and a runner that plays the service's loop ----

const batch: BatchSnapshot = { batchId: 'batch-1', batchName: 'NOV26', batchDate: '2026-11-22T00:00:00.000Z', discountPercent: 0 };
const stockAdded = (item: CatalogueItem, copies: number): StockItemEvent => ({
  type: 'StockItemAdded',
  data: {
    stockItemId: item.stockItemId,
    ...toStockItemFields(
      stockItemInputSchema.parse({
        comicId: item.comicId,
        itemType: 'comic',
        mainDescription: item.name,
        srp: item.price,
        priceOverride: item.price,
        number: copies,
        batchId: batch.batchId,
      }),
      batch,
    ),
  },
});
const granted = (amountCents: number): CreditEvent => ({
  type: 'CreditGranted',
  data: { amountCents, description: 'thanks', grantedBy: 'admin-1' },
});

interface World {
  order: OrderState;
  stock: Map<string, StockItemState>;
  credit: CreditState;
  /** Every event appended by the machine, by stream ("order", a stock item id, "credit"). */
  appended: { stream: string; type: string }[];
}

function given(streams: { order: OrderEvent[]; stock?: Record<string, StockItemEvent[]>; credit?: CreditEvent[] }): World {
  return {
    order: fold(orderDecider, streams.order),
    stock: new Map(Object.entries(streams.stock ?? {}).map(([id, events]) => [id, fold(stockItemDecider, events)])),
    credit: fold(creditDecider, streams.credit ?? []),
    appended: [],
  };
}

const NOW = '2026-11-25T10:00:00.000Z';
const OK_CARD: CheckoutCard = { cardToken: 'cnon:card-nonce-ok', buyerToken: '' };

interface Run {
  checkoutId?: string;
  request?: CheckoutRequest | null;
  /** The card tokens kept for recovery. */
  card?: CheckoutCard | null;
  /** The card provider's answers, in turn; none left: it cannot be reached. */
  answers?: ChargeAnswer[];
  /** The process stops (a crash) once the checkout reaches this phase. */
  crashAt?: CheckoutPhase;
  now?: string;
}

interface Played {
  /** The step kinds in order, an append by the phase it moves to. */
  trace: string[];
  steps: CheckoutStep[];
  charges: ChargeOrder[];
  end: CheckoutEnd | 'crashed' | 'waiting';
  world: World;
}

function viewOf(
  world: World,
  run: Required<Omit<Run, 'crashAt'>>,
  outside: { cardKept: boolean; card: CheckoutCard | null; charge: ChargeAnswer | null },
): CheckoutView {
  return {
    orderId: 'o1',
    checkoutId: run.checkoutId,
    order: world.order,
    stock: world.stock,
    credit: world.credit,
    creditUserId: 'u1',
    request: run.request,
    card: outside.card,
    cardKept: outside.cardKept,
    charge: outside.charge,
    now: run.now,
  };
}

/** Plays the loop the service runs: ask the machine, run the step on the world, repeat. */
function play(world: World, options: Run = {}): Played {
  const run: Required<Omit<Run, 'crashAt'>> = { checkoutId: 'c1', request: null, card: null, answers: [], now: NOW, ...options };
  const outside = { cardKept: run.request === null, card: run.card, charge: null as ChargeAnswer | null };
  const played: Played = { trace: [], steps: [], charges: [], end: 'crashed', world };
  const answers = [...run.answers];
  for (let i = 0; i < 20; i++) {
    const step = nextCheckoutStep(viewOf(world, run, outside));
    played.steps.push(step);
    played.trace.push(step.kind === 'append' ? `append → ${step.to}` : step.kind);
    switch (step.kind) {
      case 'append': {
        if (step.keepCardFirst) {
          played.trace.splice(-1, 0, 'keep card');
          outside.cardKept = true;
          outside.card = step.keepCardFirst;
        }
        world.order = step.events.order.reduce(orderDecider.evolve, world.order);
        for (const [id, events] of step.events.stock) world.stock.set(id, events.reduce(stockItemDecider.evolve, world.stock.get(id)!));
        world.credit = step.events.credit.reduce(creditDecider.evolve, world.credit);
        world.appended.push(
          ...step.events.order.map((e) => ({ stream: 'order', type: e.type })),
          ...[...step.events.stock].flatMap(([id, events]) => events.map((e) => ({ stream: id, type: e.type }))),
          ...step.events.credit.map((e) => ({ stream: 'credit', type: e.type })),
        );
        if (step.then) return { ...played, end: step.then };
        if (options.crashAt !== undefined && checkoutPhaseOf(viewOf(world, run, outside)) === options.crashAt) return played;
        continue;
      }
      case 'charge': {
        played.charges.push(step.charge);
        const answer = answers.shift();
        if (!answer) return { ...played, end: { kind: 'pending' } };
        outside.charge = answer;
        if (options.crashAt === 'charged' && answer.ok) return played;
        continue;
      }
      case 'end':
        return { ...played, end: step.end };
      case 'wait':
        return { ...played, end: 'waiting' };
      default:
        throw new Error(`the world has every stream; the machine asked to ${step.kind}`);
    }
  }
  throw new Error('the machine did not end in 20 steps');
}

const body = (over: Record<string, unknown> = {}) =>
  completeOrderBodySchema.parse({
    _id: 'o1',
    orderItems: [{ _id: 's1', quantity: 1 }],
    latestTransaction: { value: '1045', cardToken: OK_CARD.cardToken, buyerToken: '' },
    ...over,
  });
const request = (over: Partial<CheckoutRequest> = {}): CheckoutRequest => ({
  by: jane,
  body: body(),
  catalogue: catalogue(),
  arrivedAt: NOW,
  ...over,
});
const approved = (amountCents: number): ChargeAnswer => ({ ok: true, paymentId: 'pay-1', amountCents });
const declined: ChargeAnswer = { ok: false, message: 'Your card was declined. Please check the details or use another card.' };

/** Jane's order of one Saga #1 (595 + 450 postage = 1045), posted to her saved address. */
const janesOrder = (more: OrderEvent[] = []) => [started(), added(saga, 1), shippingSet(), sameAsBilling, ...more];
const shelves = () => ({ s1: [stockAdded(saga, 3)], s2: [stockAdded(batman, 1)] });
const holdsOf = (world: World, id: string) => (world.stock.get(id) as Exclude<StockItemState, { status: 'absent' }>).holds;
const soldOf = (world: World, id: string) => (world.stock.get(id) as Exclude<StockItemState, { status: 'absent' }>).soldToOrders;

describe('the checkout machine: paid in full by card', () => {
  it('keeps the card, begins with every line held, charges once, then sells, records and completes in one append', () => {
    const played = play(given({ order: janesOrder(), stock: shelves() }), { request: request(), answers: [approved(1045)] });
    expect(played.trace).toEqual(['keep card', 'append → stock held', 'charge', 'append → completed', 'end']);
    expect(played.end).toEqual({ kind: 'completed' });
    expect(played.charges).toEqual([{ amountCents: 1045, card: OK_CARD, referenceId: '1042', note: 'Order 1042' }]);

    const begin = played.steps[0] as Extract<CheckoutStep, { kind: 'append' }>;
    expect(begin.keepCardFirst).toEqual(OK_CARD);
    expect(begin.commands.order.map((c) => c.type)).toEqual(['BeginCheckout']);
    expect([...begin.commands.stock]).toEqual([['s1', [{ type: 'HoldStock', data: { orderId: 'o1', quantity: 1 } }]]]);
    expect(begin.commands.credit).toEqual([]);

    const complete = played.steps[2] as Extract<CheckoutStep, { kind: 'append' }>;
    expect(complete.commands.order).toEqual([
      { type: 'RecordPayment', checkoutId: 'c1', paymentId: 'pay-1', amountCents: 1045, provider: 'card', at: NOW },
      { type: 'CompleteOrder', checkoutId: 'c1', completedDate: NOW },
    ]);
    expect([...complete.commands.stock]).toEqual([['s1', [{ type: 'SellHeld', data: { orderId: 'o1', unitPriceCents: 595 } }]]]);
    expect(played.world.appended).toEqual([
      { stream: 'order', type: 'CheckoutStarted' },
      { stream: 's1', type: 'StockHeld' },
      { stream: 'order', type: 'PaymentRecorded' },
      { stream: 'order', type: 'OrderCompleted' },
      { stream: 's1', type: 'StockSold' },
    ]);
    expect(played.world.order).toMatchObject({ complete: true, completedCheckoutId: 'c1', checkout: null });
    expect(holdsOf(played.world, 's1').size).toBe(0);
    expect(soldOf(played.world, 's1').get('o1')).toBe(1);
  });

  it('writes the body first: lines it adds are held with the checkout, in the same append', () => {
    const played = play(given({ order: janesOrder(), stock: shelves() }), {
      request: request({
        body: body({
          orderItems: [
            { _id: 's1', quantity: 1 },
            { _id: 's2', quantity: 1 },
          ],
          latestTransaction: { value: '2645', cardToken: 'cnon:card-nonce-ok' },
        }),
      }),
      answers: [approved(2645)],
    });
    expect(played.end).toEqual({ kind: 'completed' });
    const begin = played.steps[0] as Extract<CheckoutStep, { kind: 'append' }>;
    expect(begin.commands.order.map((c) => c.type)).toEqual(['SyncOrder', 'BeginCheckout']);
    expect([...begin.commands.stock.keys()].sort()).toEqual(['s1', 's2']);
    expect(played.charges.map((c) => c.amountCents)).toEqual([2645]);
  });
});

describe('the checkout machine: paid with credit only', () => {
  it('needs no card: begins, then uses the credit, sells and completes; nothing is charged', () => {
    const played = play(given({ order: janesOrder(), stock: shelves(), credit: [granted(5000)] }), {
      request: request({ body: body({ latestTransaction: { value: '0', cardToken: '' } }) }),
    });
    expect(played.trace).toEqual(['append → stock held', 'append → completed', 'end']);
    expect(played.charges).toEqual([]);
    const complete = played.steps[1] as Extract<CheckoutStep, { kind: 'append' }>;
    expect(complete.commands.credit).toEqual([{ type: 'UseCredit', orderId: 'o1', orderPublicId: 1042, amountCents: 1045 }]);
    expect(complete.commands.order.map((c) => c.type)).toEqual(['CompleteOrder']);
    expect(played.world.credit.balanceCents).toBe(5000 - 1045);
  });

  it('releases and fails when the credit was spent meanwhile; a payment taken stays on the order', () => {
    // Credit 500 pays part; the card the rest (545); then the credit is gone before the completion.
    const world = given({ order: janesOrder(), stock: shelves(), credit: [granted(500)] });
    const first = play(world, {
      request: request({ body: body({ latestTransaction: { value: '545', cardToken: 'cnon:card-nonce-ok' } }) }),
      answers: [approved(545)],
      crashAt: 'charged',
    });
    expect(first.end).toBe('crashed');
    world.credit = { ...world.credit, balanceCents: 0 };
    const recovered = play(world, { card: OK_CARD, answers: [approved(545)] });
    expect(recovered.end).toEqual({ kind: 'refused', why: 'conflict', message: CREDIT_CHANGED_MESSAGE });
    const undo = recovered.steps.at(-1) as Extract<CheckoutStep, { kind: 'append' }>;
    expect(undo.to).toBe('released');
    expect(undo.commands.order.map((c) => c.type)).toEqual(['RecordPayment', 'FailCheckout']);
    expect(world.order.payments.map((p) => p.amountCents)).toEqual([545]);
    expect(holdsOf(world, 's1').size).toBe(0);
  });
});

describe('the checkout machine: refusals', () => {
  it("a declined card: every hold released and the checkout failed in one append, 402 with the card provider's message", () => {
    const played = play(given({ order: janesOrder(), stock: shelves() }), { request: request(), answers: [declined] });
    expect(played.trace).toEqual(['keep card', 'append → stock held', 'charge', 'append → released']);
    expect(played.end).toEqual({ kind: 'refused', why: 'payment-required', message: declined.ok ? '' : declined.message });
    const undo = played.steps.at(-1) as Extract<CheckoutStep, { kind: 'append' }>;
    expect(undo.commands.order).toEqual([{ type: 'FailCheckout', checkoutId: 'c1', reason: declined.ok ? '' : declined.message }]);
    expect([...undo.commands.stock]).toEqual([['s1', [{ type: 'ReleaseHold', data: { orderId: 'o1' } }]]]);
    expect(played.world.order).toMatchObject({ complete: false, checkout: null, failedCheckoutIds: ['c1'] });
    expect(holdsOf(played.world, 's1').size).toBe(0);
  });

  it('sold out on some lines: no card kept, nothing held, only what the body changed is written', () => {
    const world = given({ order: janesOrder([added(batman, 1)]), stock: { s1: [stockAdded(saga, 3)], s2: [stockAdded(batman, 0)] } });
    const played = play(world, {
      request: request({
        body: body({
          orderItems: [
            { _id: 's1', quantity: 2 },
            { _id: 's2', quantity: 1 },
          ],
          latestTransaction: { value: '3240', cardToken: 'cnon:card-nonce-ok' },
        }),
      }),
    });
    expect(played.trace).toEqual(['append → not begun']);
    expect(played.end).toEqual({
      kind: 'refused',
      why: 'conflict',
      message: 'Sorry, Batman #50 has just sold out. Please review your order.',
    });
    expect(world.appended).toEqual([{ stream: 'order', type: 'OrderItemQuantityChanged' }]);
    expect(world.order.orderItems.find((l) => l.stockItemId === 's1')?.quantity).toBe(2);
    expect(holdsOf(world, 's1').size).toBe(0);
  });

  it('a body that no longer matches the order: its corrections written, 409 with the reasons, nothing held', () => {
    const played = play(given({ order: janesOrder(), stock: shelves() }), {
      request: request({ body: body({ orderItems: [{ _id: 's2', quantity: 5 }] }) }),
    });
    expect(played.end).toMatchObject({
      kind: 'refused',
      why: 'conflict',
      message: expect.stringMatching(/Please review your order and try again\.$/),
    });
    expect(played.trace).toEqual(['append → not begun']);
    expect(played.world.appended.every((a) => a.stream === 'order')).toBe(true);
  });

  it('an amount that is not what the server charges: 409, and no card is kept', () => {
    const played = play(given({ order: janesOrder(), stock: shelves() }), {
      request: request({ body: body({ latestTransaction: { value: '999', cardToken: 'cnon:card-nonce-ok' } }) }),
    });
    expect(played.trace).toEqual(['append → not begun']);
    expect(played.end).toEqual({
      kind: 'refused',
      why: 'conflict',
      message: 'The amount to pay is now $10.45, not $9.99. Please review your order and try again.',
    });
  });

  it('no card details: 400', () => {
    const played = play(given({ order: janesOrder(), stock: shelves() }), {
      request: request({ body: body({ latestTransaction: { value: '1045', cardToken: ' ' } }) }),
    });
    expect(played.end).toEqual({ kind: 'refused', why: 'invalid', message: 'Please enter your card details' });
  });

  it('the order rules refuse first (no address): with their status', () => {
    const played = play(given({ order: [started(), added(saga, 1)], stock: shelves() }), { request: request() });
    expect(played.end).toEqual({ kind: 'refused', why: 'invalid', message: 'Please enter a shipping address' });
  });
});

describe('the checkout machine: recovery after a crash', () => {
  it('after the hold: recovery charges (the card kept for it) and completes', () => {
    const world = given({ order: janesOrder(), stock: shelves() });
    expect(play(world, { request: request(), answers: [approved(1045)], crashAt: 'stock held' }).end).toBe('crashed');
    expect(checkoutPhaseOf({ ...viewAt(world), card: null })).toBe('stock held');
    const recovered = play(world, { card: OK_CARD, answers: [approved(1045)] });
    expect(recovered.trace).toEqual(['charge', 'append → completed', 'end']);
    expect(recovered.end).toEqual({ kind: 'completed' });
  });

  it('after the hold, with the card tokens gone (never charged): releases every hold and fails', () => {
    const world = given({ order: janesOrder(), stock: shelves() });
    play(world, { request: request(), crashAt: 'stock held' });
    const recovered = play(world, { card: null });
    expect(recovered.trace).toEqual(['append → released']);
    expect(recovered.end).toEqual({ kind: 'refused', why: 'conflict', message: CARD_LOST_MESSAGE });
    expect(holdsOf(world, 's1').size).toBe(0);
    expect(world.order).toMatchObject({ complete: false, checkout: null });
  });

  it('after the charge: recovery sends the very same charge (same amount, same card; the service adds the same idempotency key) and completes once', () => {
    const world = given({ order: janesOrder(), stock: shelves() });
    const first = play(world, { request: request(), answers: [approved(1045)], crashAt: 'charged' });
    expect(first.end).toBe('crashed');
    const recovered = play(world, { card: OK_CARD, answers: [approved(1045)] });
    expect(recovered.charges).toEqual(first.charges);
    expect(recovered.end).toEqual({ kind: 'completed' });
    expect(world.order.payments).toHaveLength(1);
    // Run again: nothing more to do, nothing charged.
    const again = play(world, { card: OK_CARD });
    expect(again.trace).toEqual(['end']);
    expect(again.charges).toEqual([]);
  });

  it('after the payment was recorded: never charges again', () => {
    const world = given({ order: janesOrder(), stock: shelves() });
    play(world, { request: request(), crashAt: 'stock held' });
    const pay = {
      type: 'RecordPayment' as const,
      checkoutId: 'c1',
      paymentId: 'pay-1',
      amountCents: 1045,
      provider: 'card' as const,
      at: T1,
    };
    world.order = orderDecider.decide(pay, world.order).reduce(orderDecider.evolve, world.order);
    expect(checkoutPhaseOf(viewAt(world))).toBe('charged');
    const recovered = play(world, { card: OK_CARD });
    expect(recovered.trace).toEqual(['append → completed', 'end']);
    expect(recovered.charges).toEqual([]);
  });

  it('after the sale: the sold copies are not held again', () => {
    const world = given({ order: janesOrder(), stock: shelves() });
    play(world, { request: request(), crashAt: 'stock held' });
    const s1 = world.stock.get('s1')!;
    world.stock.set(
      's1',
      stockItemDecider.decide({ type: 'SellHeld', data: { orderId: 'o1', unitPriceCents: 595 } }, s1).reduce(stockItemDecider.evolve, s1),
    );
    const recovered = play(world, { card: OK_CARD, answers: [approved(1045)] });
    expect(recovered.trace).toEqual(['charge', 'append → completed', 'end']);
    const complete = recovered.steps[1] as Extract<CheckoutStep, { kind: 'append' }>;
    expect(complete.events.stock.size).toBe(0);
    expect(soldOf(world, 's1').get('o1')).toBe(1);
  });

  it('a hold lost (multi-stream appends not atomic): held again before the charge; refused when the copies went meanwhile', () => {
    const world = given({ order: janesOrder(), stock: shelves() });
    play(world, { request: request(), crashAt: 'stock held' });
    world.stock.set('s1', fold(stockItemDecider, [stockAdded(saga, 3)]));
    expect(play(world, { card: OK_CARD, answers: [approved(1045)] }).trace).toEqual([
      'append → stock held',
      'charge',
      'append → completed',
      'end',
    ]);

    const gone = given({ order: janesOrder(), stock: shelves() });
    play(gone, { request: request(), crashAt: 'stock held' });
    gone.stock.set('s1', fold(stockItemDecider, [stockAdded(saga, 0)]));
    const refused = play(gone, { card: OK_CARD });
    expect(refused.end).toEqual({
      kind: 'refused',
      why: 'conflict',
      message: 'Sorry, Saga #1 has just sold out. Please review your order.',
    });
    expect(refused.charges).toEqual([]);
  });

  it('the card provider cannot be reached: pending, left for the next recovery', () => {
    const world = given({ order: janesOrder(), stock: shelves() });
    const played = play(world, { request: request(), answers: [] });
    expect(played.end).toEqual({ kind: 'pending' });
    expect(world.order.checkout?.checkoutId).toBe('c1');
    expect(play(world, { card: OK_CARD, answers: [approved(1045)] }).end).toEqual({ kind: 'completed' });
  });

  it('a checkout that ended (or another one): recovery says it did not finish and writes nothing', () => {
    const world = given({ order: janesOrder(), stock: shelves() });
    play(world, { request: request(), answers: [declined] });
    const after = play(world, { card: OK_CARD });
    expect(after.end).toEqual({ kind: 'refused', why: 'conflict', message: CHECKOUT_ENDED_MESSAGE });
    expect(after.trace).toEqual(['end']);
  });
});

describe('the checkout machine: the same body twice, and two shoppers for the last copy', () => {
  it('the same body after the order completed: answered as it is, nothing begun or charged', () => {
    const world = given({ order: janesOrder(), stock: shelves() });
    play(world, { request: request(), answers: [approved(1045)] });
    const count = world.appended.length;
    const twice = play(world, { checkoutId: 'c2', request: request() });
    expect(twice.trace).toEqual(['end']);
    expect(twice.end).toEqual({ kind: 'already complete' });
    expect(world.appended).toHaveLength(count);
  });

  it('the same body while the first is paying: waits; after the wait, or for a stalled checkout, busy', () => {
    const world = given({ order: janesOrder(), stock: shelves() });
    play(world, { request: request(), crashAt: 'stock held', now: NOW });
    expect(play(world, { checkoutId: 'c2', request: request() }).end).toBe('waiting');
    const later = new Date(Date.parse(NOW) + 21_000).toISOString();
    expect(play(world, { checkoutId: 'c2', request: request({ arrivedAt: NOW }), now: later }).end).toEqual({
      kind: 'refused',
      why: 'conflict',
      message: CHECKOUT_BUSY_MESSAGE,
    });
    expect(play(world, { checkoutId: 'c2', request: request({ arrivedAt: later }), now: later }).end).toEqual({
      kind: 'refused',
      why: 'conflict',
      message: CHECKOUT_BUSY_MESSAGE,
    });
  });

  it('the last copy: both decide on the same stock; the first to append holds it, the second decides again and is refused', () => {
    const jane2: OrderActor = { ...jane };
    const stock = { s1: [stockAdded(saga, 3)], s2: [stockAdded(batman, 1)] };
    const janes = given({ order: janesOrder([added(batman, 1)]), stock });
    const lastCopy = body({
      orderItems: [
        { _id: 's1', quantity: 1 },
        { _id: 's2', quantity: 1 },
      ],
      latestTransaction: { value: '2645', cardToken: 'cnon:card-nonce-ok' },
    });
    const first = nextCheckoutStep({ ...viewAt(janes), request: request({ by: jane2, body: lastCopy }), cardKept: true });
    expect(first).toMatchObject({ kind: 'append', to: 'stock held' });
    // The other shopper's hold of Batman #50 lands first (the event store refuses the first append; read again).
    const s2 = janes.stock.get('s2')!;
    janes.stock.set(
      's2',
      stockItemDecider.decide({ type: 'HoldStock', data: { orderId: 'o2', quantity: 1 } }, s2).reduce(stockItemDecider.evolve, s2),
    );
    const again = play(janes, { request: request({ body: lastCopy }) });
    expect(again.end).toEqual({
      kind: 'refused',
      why: 'conflict',
      message: 'Sorry, Batman #50 has just sold out. Please review your order.',
    });
    expect(again.charges).toEqual([]);
    expect(holdsOf(janes, 's1').size).toBe(0);
  });

  it('streams that keep moving: refused before the checkout began, left for recovery after', () => {
    const world = given({ order: janesOrder(), stock: shelves() });
    expect(contendedEnd(viewAt(world), true)).toEqual({ kind: 'refused', why: 'conflict', message: STOCK_CONTENTION_MESSAGE });
    expect(contendedEnd(viewAt(world), false)).toEqual({ kind: 'refused', why: 'conflict', message: CHECKOUT_BUSY_MESSAGE });
    play(world, { request: request(), crashAt: 'stock held' });
    expect(contendedEnd(viewAt(world), true)).toEqual({ kind: 'pending' });
  });
});

describe('the checkout machine: an ad-hoc sale', () => {
  it('is paid in person: no card, no credit; the payment recorded with the completion', () => {
    const world = given({
      order: [
        started({ ownerUserId: 'admin-1' }),
        { type: 'OrderNameSet', data: { name: 'Walk-in' } } as OrderEvent,
        added(saga, 1),
        { type: 'PickupSet', data: { pickup: true } },
      ],
      stock: shelves(),
      credit: [granted(5000)],
    });
    const played = play(world, { request: request({ by: admin, body: body({ latestTransaction: undefined }) }) });
    expect(played.trace).toEqual(['append → stock held', 'append → completed', 'end']);
    const complete = played.steps[1] as Extract<CheckoutStep, { kind: 'append' }>;
    expect(complete.commands.order[0]).toMatchObject({ type: 'RecordPayment', provider: 'in_person', paymentId: 'in-person-c1' });
    expect(complete.commands.credit).toEqual([]);
  });
});

/** The world as the machine would see it, for checks between runs. */
function viewAt(world: World): CheckoutView {
  return {
    orderId: 'o1',
    checkoutId: 'c1',
    order: world.order,
    stock: world.stock,
    credit: world.credit,
    creditUserId: 'u1',
    request: null,
    card: OK_CARD,
    cardKept: true,
    charge: null,
    now: NOW,
  };
}
