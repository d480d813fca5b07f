import { clientOrderSchema, orderDecider } from '@shop/domain/orders/index';
import { fold } from '@shop/domain/shared/decider';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Deps } from '../deps/deps.ts';
import { testMetadata } from '../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../testing/testApp.ts';
import { readCurrentOrder } from './currentOrder.ts';
import { KnownOrderStates } from './orderStates.ts';
import { recordSearch, recordSearchesTogether } from './recordSearch.ts';
import { currentOrderStreamId, guestTokenHash, orderStreamId } from './streams.ts';
import { addStock, newTempToken, settleAll } from './testKit.ts';
import { syncOrder } from './updateOrder.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe("the order states a process keeps (a shopper's order read from the events since)", () => {
  it('two processes recording one guest’s searches in turns each decide on the whole stream', async () => {
    const tokenHash = guestTokenHash(newTempToken());
    const owner = { kind: 'guest' as const, token: tokenHash };
    const identity = { kind: 'guest' as const, tokenHash };
    // Two API processes: one database, each its own kept states.
    const here: Deps = { ...t.ctx, orderStates: new KnownOrderStates() };
    const there: Deps = { ...t.ctx, orderStates: new KnownOrderStates() };
    const terms = ['batman', 'saga', 'spider man', 'absolute', 'hellboy', 'x-men', 'invincible'];
    for (const [i, term] of terms.entries()) await recordSearch(i % 3 === 2 ? there : here, identity, [term], testMetadata());

    const { orderId } = await readCurrentOrder(here, owner);
    const whole = await t.ctx.store.readStream(orderStreamId(orderId));
    const folded = fold(orderDecider, whole as never);
    expect(whole.filter((e) => e.type === 'OrderSearchRecorded')).toHaveLength(terms.length);
    for (const process of [here, there]) {
      const current = await readCurrentOrder(process, owner);
      expect(current.version).toBe(whole.length);
      expect(current.state).toEqual(folded);
    }
    expect(folded.searchTerms).toBe(terms.join(' | '));
    expect(folded.searchHistory).toEqual(['invincible', 'x-men', 'hellboy', 'absolute', 'spider man']);
  });

  it('reads only the events appended since the state it keeps', async () => {
    const identity = { kind: 'guest' as const, tokenHash: guestTokenHash(newTempToken()) };
    const process: Deps = { ...t.ctx, orderStates: new KnownOrderStates() };
    for (const term of ['one', 'two', 'three']) await recordSearch(process, identity, [term], testMetadata());
    const { orderId } = await readCurrentOrder(t.ctx, { kind: 'guest', token: identity.tokenHash });
    expect(await t.ctx.store.readStream(orderStreamId(orderId))).toHaveLength(4); // started with 'one', then two more
    const read = vi.spyOn(t.ctx.store, 'readStream');
    try {
      await recordSearch(process, identity, ['four'], testMetadata());
      // It kept the order as its own last append left it: it reads only after that (nothing).
      const orderReads = read.mock.calls.filter(([id]) => id === orderStreamId(orderId));
      expect(orderReads).toEqual([[orderStreamId(orderId), { fromVersion: 4 }]]);
    } finally {
      read.mockRestore();
    }
  });
});

describe('update-order on an order this process keeps', () => {
  const lines = (...ids: string[]) => clientOrderSchema.parse({ orderItems: ids.map((_id) => ({ _id, quantity: 1 })) });
  /** A guest's order started with one item through `process`, and what the other calls need. */
  async function startedOrder(process: Deps, item: string) {
    const tokenHash = guestTokenHash(newTempToken());
    const identity = { kind: 'guest' as const, tokenHash };
    const { orderId } = await readCurrentOrder(process, { kind: 'guest', token: tokenHash });
    await syncOrder(process, identity, orderId, lines(item), testMetadata());
    return { identity, orderId };
  }
  /** `process`'s update, counting its reads of the order's stream. */
  async function updateCountingReads(process: Deps, identity: { kind: 'guest'; tokenHash: string }, orderId: string, ...ids: string[]) {
    const stream = orderStreamId(orderId);
    const readStreams = vi.spyOn(t.ctx.store, 'readStreams');
    const readStream = vi.spyOn(t.ctx.store, 'readStream');
    try {
      const result = await syncOrder(process, identity, orderId, lines(...ids), testMetadata());
      const reads =
        readStreams.mock.calls.filter(([streamIds]) => streamIds.includes(stream)).length +
        readStream.mock.calls.filter(([streamId]) => streamId === stream).length;
      return { result, reads };
    } finally {
      readStreams.mockRestore();
      readStream.mockRestore();
    }
  }
  let items: string[];
  beforeAll(async () => {
    items = [];
    for (const n of [1, 2, 3]) items.push(await addStock(t.ctx, { mainDescription: `Kept Update #${n}`, number: 5, price: 400 }));
    await settleAll(t);
  });

  it('adds an item without reading the order it wrote last', async () => {
    const here: Deps = { ...t.ctx, orderStates: new KnownOrderStates() };
    const { identity, orderId } = await startedOrder(here, items[0]!);
    const { result, reads } = await updateCountingReads(here, identity, orderId, items[0]!, items[1]!);
    expect(reads).toBe(0);
    expect(result.answer.order.orderItems.map((l) => l._id).sort()).toEqual([items[0], items[1]].sort());
    const whole = fold(orderDecider, (await t.ctx.store.readStream(orderStreamId(orderId))) as never);
    expect(whole.orderItems.map((l) => l.stockItemId).sort()).toEqual([items[0], items[1]].sort());
  });

  it('reads the order again when another process appended to it since, and changes it on top of that', async () => {
    const here: Deps = { ...t.ctx, orderStates: new KnownOrderStates() };
    const there: Deps = { ...t.ctx, orderStates: new KnownOrderStates() };
    const { identity, orderId } = await startedOrder(here, items[0]!);
    await recordSearch(there, identity, ['elsewhere'], testMetadata());
    const { result, reads } = await updateCountingReads(here, identity, orderId, items[0]!, items[2]!);
    expect(reads).toBe(1);
    expect(result.answer.order.searchTerms).toBe('elsewhere');
    expect(result.answer.order.orderItems.map((l) => l._id).sort()).toEqual([items[0], items[2]].sort());
    const whole = fold(orderDecider, (await t.ctx.store.readStream(orderStreamId(orderId))) as never);
    expect(whole.searchTerms).toBe('elsewhere');
    expect(whole.orderItems.map((l) => l.stockItemId).sort()).toEqual([items[0], items[2]].sort());
  });

  it('adds an item without reading the order after this process recorded a search on it, alone or gathered', async () => {
    const here: Deps = { ...t.ctx, orderStates: new KnownOrderStates() };
    const { identity, orderId } = await startedOrder(here, items[0]!);
    await recordSearch(here, identity, ['alone'], testMetadata());
    expect(await recordSearchesTogether(here, [{ identity, terms: ['gathered'], metadata: testMetadata() }])).toEqual([]);
    const { result, reads } = await updateCountingReads(here, identity, orderId, items[0]!, items[1]!);
    expect(reads).toBe(0);
    expect(result.answer.order.searchTerms).toBe('alone | gathered');
    expect(result.answer.order.orderItems).toHaveLength(2);
  });

  /** `process`'s update, counting its reads of any of `streams`. */
  async function updateReading(
    process: Deps,
    identity: { kind: 'guest'; tokenHash: string },
    orderId: string,
    streams: string[],
    ...ids: string[]
  ) {
    const readStreams = vi.spyOn(t.ctx.store, 'readStreams');
    const readStream = vi.spyOn(t.ctx.store, 'readStream');
    try {
      const result = await syncOrder(process, identity, orderId, lines(...ids), testMetadata());
      const reads =
        readStreams.mock.calls.filter(([ids]) => ids.some((id) => streams.includes(id))).length +
        readStream.mock.calls.filter(([id]) => streams.includes(id)).length;
      return { result, reads };
    } finally {
      readStreams.mockRestore();
      readStream.mockRestore();
    }
  }

  it("writes a new visitor's draft by its first change without reading the pointer current-order just read", async () => {
    const here: Deps = { ...t.ctx, orderStates: new KnownOrderStates() };
    const tokenHash = guestTokenHash(newTempToken());
    const owner = { kind: 'guest' as const, token: tokenHash };
    const { orderId } = await readCurrentOrder(here, owner);
    const streams = [orderStreamId(orderId), currentOrderStreamId(owner)];
    const { result, reads } = await updateReading(here, { kind: 'guest', tokenHash }, orderId, streams, items[2]!);
    expect(reads).toBe(0);
    expect(result.draft).toBe(false);
    expect(result.answer.order.publicId).toBeGreaterThan(0);
    const pointer = await t.ctx.store.readStream(currentOrderStreamId(owner));
    expect(pointer.map((e) => e.data)).toEqual([{ orderId }]);
    const whole = fold(orderDecider, (await t.ctx.store.readStream(orderStreamId(orderId))) as never);
    expect(whole.orderItems.map((l) => l.stockItemId)).toEqual([items[2]]);
  });

  it('reads again when another process wrote the draft since, and changes the order it started', async () => {
    const here: Deps = { ...t.ctx, orderStates: new KnownOrderStates() };
    const there: Deps = { ...t.ctx, orderStates: new KnownOrderStates() };
    const tokenHash = guestTokenHash(newTempToken());
    const identity = { kind: 'guest' as const, tokenHash };
    const owner = { kind: 'guest' as const, token: tokenHash };
    const { orderId } = await readCurrentOrder(here, owner);
    await syncOrder(there, identity, orderId, lines(items[0]!), testMetadata());
    const streams = [orderStreamId(orderId), currentOrderStreamId(owner)];
    const { result, reads } = await updateReading(here, identity, orderId, streams, items[0]!, items[1]!);
    expect(reads).toBe(1);
    expect(result.answer.order.orderItems.map((l) => l._id).sort()).toEqual([items[0], items[1]].sort());
    expect(await t.ctx.store.readStream(currentOrderStreamId(owner))).toHaveLength(1);
    const whole = await t.ctx.store.readStream(orderStreamId(orderId));
    expect(whole.filter((e) => e.type === 'OrderStarted')).toHaveLength(1);
  });

  it('answers an update that changes nothing from a read, not from the kept order', async () => {
    const here: Deps = { ...t.ctx, orderStates: new KnownOrderStates() };
    const there: Deps = { ...t.ctx, orderStates: new KnownOrderStates() };
    const { identity, orderId } = await startedOrder(here, items[1]!);
    await recordSearch(there, identity, ['meanwhile'], testMetadata());
    const { result, reads } = await updateCountingReads(here, identity, orderId, items[1]!);
    expect(reads).toBe(1);
    expect(result.answer.order.searchTerms).toBe('meanwhile');
  });
});
