import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { randomUUID } from 'node:crypto';
import { signAccessToken } from '../auth/tokens.ts';
import { eventually, testMetadata } from '../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../testing/testApp.ts';
import { addStock, call, newTempToken, settleAll, startSquare } from './testKit.ts';
import { currentOrderStreamId, guestTokenHash, orderStreamId } from './streams.ts';
import { registerAccount, userStreamId } from '../accounts/users.ts';
import { recordSearchSoon, writeGathered } from './searchTermsSoon.ts';
import { ConcurrencyError } from '../eventstore/types.ts';

let t: TestApp;
let square: Awaited<ReturnType<typeof startSquare>>;

beforeAll(async () => {
  t = await createTestApp();
  square = await startSquare(t.ctx);
});
afterAll(async () => {
  await square?.close();
  await t?.close();
});

const search = (term: string, token: string) =>
  t.app.inject({ method: 'POST', url: `/api/search-stock/${encodeURIComponent(term)}`, payload: { tempAuthorisation: token } });
const currentOrder = async (token: string) =>
  (await call(t.app, 'POST', '/api/current-order', { body: { tempAuthorisation: token } })).body as {
    order: { _id: string; searchHistory: string[] };
  };
/**
 * A guest's term gathered as a search gathers it, at once: searches over HTTP take their own time,
 * and on a busy machine a few of them outlast one gathering (SEARCH_TERMS_GATHER_MS).
 */
const gather = (term: string, token: string) => {
  const tokenHash = guestTokenHash(token);
  recordSearchSoon(
    t.ctx,
    { owner: { kind: 'guest', token: tokenHash }, identity: async () => ({ kind: 'guest', tokenHash }), metadata: testMetadata() },
    term,
  );
};
/** The guest's order as the event store has it, without settling anything. */
const writtenOrder = async (token: string) => {
  const pointer = await t.ctx.store.readStream(currentOrderStreamId({ kind: 'guest', token: guestTokenHash(token) }));
  const orderId = (pointer.at(-1)?.data as { orderId?: string } | undefined)?.orderId;
  return orderId ? t.ctx.store.readStream(orderStreamId(orderId)) : [];
};
const termsOf = (events: Awaited<ReturnType<typeof writtenOrder>>) =>
  events.filter((e) => e.type === 'OrderSearchRecorded').map((e) => (e.data as { term: string }).term);

describe("a search records the shopper's term soon after, gathered with their others", () => {
  it('the term reaches the order soon after the search, with no other call', async () => {
    const token = newTempToken();
    const res = await search('batman', token);
    expect(res.statusCode).toBe(200);
    const events = await eventually(
      () => writtenOrder(token),
      (e) => termsOf(e).length === 1,
    );
    expect(termsOf(events)).toEqual(['batman']);
  });

  it("one shopper's terms of a moment go in one append, in order; another shopper's apart", async () => {
    const [first, second] = [newTempToken(), newTempToken()];
    for (const term of ['saga', 'x-men', 'spawn']) gather(term, first);
    gather('hellboy', second);
    const events = await eventually(
      () => writtenOrder(first),
      (e) => termsOf(e).length === 3,
    );
    expect(termsOf(events)).toEqual(['saga', 'x-men', 'spawn']);
    expect(new Set(events.map((e) => e.position.transactionId)).size).toBe(1);
    const others = await eventually(
      () => writtenOrder(second),
      (e) => termsOf(e).length === 1,
    );
    expect(others[0]!.position.transactionId).not.toBe(events[0]!.position.transactionId);
  });

  it("many shoppers' terms of a moment go in one appendMany, each on their own order; a new visitor's apart", async () => {
    const tokens = Array.from({ length: 6 }, newTempToken);
    for (const [i, token] of tokens.entries()) gather(`first ${i}`, token);
    await writeGathered(t.ctx); // their first searches write their orders, one append each
    const appends = vi.spyOn(t.ctx.store, 'appendMany');
    try {
      const newcomer = newTempToken();
      for (const [i, token] of tokens.entries()) {
        gather(`second ${i}`, token);
        gather(`third ${i}`, token);
      }
      gather('first search', newcomer);
      await writeGathered(t.ctx);
      const mine = new Set([...tokens.flatMap((_, i) => [`second ${i}`, `third ${i}`]), 'first search']);
      const streamsPerAppend = appends.mock.calls
        .filter(([parts]) => parts.some((p) => p.events.some((e) => mine.has((e.data as { term?: string }).term ?? ''))))
        .map(([parts]) => parts.length)
        .sort();
      expect(streamsPerAppend).toEqual([2, 6]); // the newcomer's pointer and order; the six orders together
      for (const [i, token] of tokens.entries()) {
        const events = await writtenOrder(token);
        expect(termsOf(events)).toEqual([`first ${i}`, `second ${i}`, `third ${i}`]);
        expect(events.at(-1)?.metadata.actor).toMatchObject({ kind: 'guest' });
      }
      expect(termsOf(await writtenOrder(newcomer))).toEqual(['first search']);
    } finally {
      appends.mockRestore();
    }
  });

  it("a shopper's terms searched while their write is under way wait for it, then go in one append", async () => {
    const token = newTempToken();
    const key = `guest:${guestTokenHash(token)}`;
    let open = () => {};
    const gate = new Promise<void>((resolve) => (open = resolve));
    const appendMany = t.ctx.store.appendMany.bind(t.ctx.store);
    const appends = vi.spyOn(t.ctx.store, 'appendMany').mockImplementation(async (parts) => {
      if (parts.some((p) => p.events.some((e) => (e.data as { term?: string }).term === 'one'))) await gate;
      return appendMany(parts);
    });
    try {
      gather('one', token);
      await eventually(
        async () => t.ctx.searchTerms.writing.has(key),
        (writing) => writing,
      );
      gather('two', token);
      gather('three', token);
      // A gathering runs while 'one' is being written: it leaves this shopper's terms waiting.
      await eventually(
        async () => t.ctx.searchTerms.timer,
        (timer) => timer === null,
      );
      expect(t.ctx.searchTerms.pending.get(key)?.terms).toEqual(['two', 'three']);
      open();
      await writeGathered(t.ctx);
      const events = await writtenOrder(token);
      expect(termsOf(events)).toEqual(['one', 'two', 'three']);
      expect(new Set(events.slice(-2).map((e) => e.position.transactionId)).size).toBe(1);
    } finally {
      open();
      appends.mockRestore();
    }
  });

  it('when an order moved under a gathering, every term is still recorded once', async () => {
    const tokens = [newTempToken(), newTempToken(), newTempToken()];
    for (const token of tokens) gather('before', token);
    await writeGathered(t.ctx);
    const appendMany = t.ctx.store.appendMany.bind(t.ctx.store);
    const appends = vi
      .spyOn(t.ctx.store, 'appendMany')
      .mockImplementationOnce(async (parts) => Promise.reject(new ConcurrencyError(parts[0]!.streamId, 1, 2)))
      .mockImplementation(appendMany);
    try {
      for (const token of tokens) gather('after', token);
      await writeGathered(t.ctx);
      const withAfter = appends.mock.calls.filter(([parts]) =>
        parts.some((p) => p.events.some((e) => (e.data as { term?: string }).term === 'after')),
      );
      expect(withAfter.map(([parts]) => parts.length)).toEqual([3, 1, 1, 1]); // refused together, then one by one
      for (const token of tokens) expect(termsOf(await writtenOrder(token))).toEqual(['before', 'after']);
    } finally {
      appends.mockRestore();
    }
  });

  it('the current order right after a search already has the term', async () => {
    const token = newTempToken();
    await search('wolverine', token);
    expect((await currentOrder(token)).order.searchHistory).toEqual(['wolverine']);
  });

  it('a checkout right after a search keeps the term on the order it completes', async () => {
    const item = await addStock(t.ctx, { mainDescription: 'Gathered #1', number: 3, price: 500 });
    await settleAll(t);
    const token = newTempToken();
    const draft = (await currentOrder(token)).order;
    const updated = await call(t.app, 'PUT', `/api/update-order/${draft._id}`, {
      body: {
        _id: draft._id,
        orderItems: [{ _id: item, quantity: 1 }],
        shippingIsPickup: true,
        email: 'g@example.com',
        tempAuthorisation: token,
      },
    });
    expect(updated.status).toBe(200);
    await search('last minute', token);
    const done = await call(t.app, 'PUT', `/api/complete-order/${draft._id}`, {
      body: {
        ...(updated.body.order as object),
        tempAuthorisation: token,
        latestTransaction: { value: '500', cardToken: 'cnon:card-nonce-ok', buyerToken: 'verf:ok' },
      },
    });
    expect(done.status).toBe(200);
    expect(done.body.order).toMatchObject({ complete: true, searchTerms: 'last minute' });
  });

  it('GET /api/status shows the terms waiting to be written', async () => {
    const backlog = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/status' })).json().searchTerms as { waiting: number; writing: number };
    await writeGathered(t.ctx);
    expect(await backlog()).toEqual({ waiting: 0, writing: 0 });
    const token = newTempToken();
    const key = `guest:${guestTokenHash(token)}`;
    // The shopper's first write is held, so their next terms wait (a gathering leaves them) however
    // long the status call takes.
    let open = () => {};
    const gate = new Promise<void>((resolve) => (open = resolve));
    const appendMany = t.ctx.store.appendMany.bind(t.ctx.store);
    const appends = vi.spyOn(t.ctx.store, 'appendMany').mockImplementation(async (parts) => {
      if (parts.some((p) => p.events.some((e) => (e.data as { term?: string }).term === 'watchmen'))) await gate;
      return appendMany(parts);
    });
    try {
      gather('watchmen', token);
      await eventually(
        async () => t.ctx.searchTerms.writing.has(key),
        (writing) => writing,
      );
      gather('sandman', token);
      gather('saga', token);
      expect(await backlog()).toEqual({ waiting: 2, writing: 1 });
      open();
      await writeGathered(t.ctx);
      expect(await backlog()).toEqual({ waiting: 0, writing: 0 });
    } finally {
      open();
      appends.mockRestore();
    }
  });

  it('a blank term gathers nothing; a closing process writes what it gathered', async () => {
    const token = newTempToken();
    await search('   ', token);
    expect(t.ctx.searchTerms.pending.size).toBe(0);
    gather('closing time', token);
    expect(t.ctx.searchTerms.pending.size).toBe(1);
    await writeGathered(t.ctx);
    expect(t.ctx.searchTerms.pending.size).toBe(0);
    expect(termsOf(await writtenOrder(token))).toEqual(['closing time']);
  });

  it("a customer's search answers before their account is read; the term reaches their order after", async () => {
    const account = async (admin: boolean) => {
      const email = `searcher-${randomUUID().slice(0, 8)}@example.com`;
      const { userId } = await registerAccount(
        t.ctx,
        { email, givenName: 'Sam', familyName: 'Searcher', passwordHash: '$argon2id$not-a-real-hash', admin },
        testMetadata(),
      );
      return { userId, token: signAccessToken(t.ctx.config.JWT_SECRET, { sub: userId, email }) };
    };
    const [admin, customer] = [await account(true), await account(false)];
    const searchAs = (term: string, token: string) =>
      t.app.inject({ method: 'GET', url: `/api/search-stock/${encodeURIComponent(term)}`, headers: { authorization: `Bearer ${token}` } });
    const customerOrder = async () => {
      const pointer = await t.ctx.store.readStream(currentOrderStreamId({ kind: 'user', userId: customer.userId }));
      const orderId = (pointer.at(-1)?.data as { orderId?: string } | undefined)?.orderId;
      return orderId ? t.ctx.store.readStream(orderStreamId(orderId)) : [];
    };
    // The customer's account is read only once this gate opens: the search must answer before.
    let open = () => {};
    const gate = new Promise<void>((resolve) => (open = resolve));
    const readStream = t.ctx.store.readStream.bind(t.ctx.store);
    const reads = vi
      .spyOn(t.ctx.store, 'readStream')
      .mockImplementation(async (id, ...rest) => (id === userStreamId(customer.userId) && (await gate), readStream(id, ...rest)));
    try {
      const res = await searchAs('invincible', customer.token);
      expect(res.statusCode).toBe(200);
      open();
      const events = await eventually(customerOrder, (e) => termsOf(e).length === 1);
      expect(termsOf(events)).toEqual(['invincible']);
      expect(events.find((e) => e.type === 'OrderSearchRecorded')?.metadata.actor).toMatchObject({ kind: 'user', userId: customer.userId });
    } finally {
      open();
      reads.mockRestore();
    }
    // "For non-admin users": an admin's search is answered and records nothing, once their account is read.
    expect((await searchAs('saga', admin.token)).statusCode).toBe(200);
    await writeGathered(t.ctx);
    const adminPointer = await t.ctx.store.readStream(currentOrderStreamId({ kind: 'user', userId: admin.userId }));
    expect(adminPointer).toEqual([]);
  });
});
