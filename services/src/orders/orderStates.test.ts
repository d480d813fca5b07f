import { orderDecider } from '@shop/domain/orders/index';
import { fold } from '@shop/domain/shared/decider';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Deps } from '../deps/deps.ts';
import { testMetadata } from '../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../testing/testApp.ts';
import { readCurrentOrder } from './currentOrder.ts';
import { KnownOrderStates } from './orderStates.ts';
import { recordSearch } from './recordSearch.ts';
import { guestTokenHash, orderStreamId } from './streams.ts';
import { newTempToken } from './testKit.ts';

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
      // The state it kept was read before its own last append: that one event is all it reads.
      const orderReads = read.mock.calls.filter(([id]) => id === orderStreamId(orderId));
      expect(orderReads).toEqual([[orderStreamId(orderId), { fromVersion: 3 }]]);
    } finally {
      read.mockRestore();
    }
  });
});
