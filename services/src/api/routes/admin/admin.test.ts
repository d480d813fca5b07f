import { Worker } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisConnection } from '../../../queue/queues.ts';
import { createTestApp, type TestApp } from '../../../testing/testApp.ts';
import { call, createAccounts, eventCount, settled, type Accounts } from './testSupport.ts';

let t: TestApp;
let a: Accounts;
beforeAll(async () => {
  t = await createTestApp();
  a = await createAccounts(t);
});
afterAll(() => t.close());

const admin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  call(t, method, url, { token: a.admin.token, payload });
async function refused(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload: unknown, status: number, message: RegExp) {
  const before = await eventCount(t);
  const res = await admin(method, url, payload);
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().message).toMatch(message);
  expect(await eventCount(t)).toBe(before);
}

describe('check list', () => {
  it('adds (201), ticks, lists in order, deletes one and deletes all', async () => {
    const first = await admin('POST', '/api/add-check-list-item', { name: 'Order bags and boards', description: 'BCW', status: false });
    expect(first.statusCode).toBe(201);
    expect(first.json().checkListItem).toMatchObject({ name: 'Order bags and boards', description: 'BCW', status: false });
    const second = (await admin('POST', '/api/add-check-list-item', { name: 'Sweep', description: '', status: false })).json()
      .checkListItem;
    const third = (await admin('POST', '/api/add-check-list-item', { name: 'Call Diamond' })).json().checkListItem;

    const ticked = await admin('PUT', `/api/edit-check-list-item/${second._id}`, { status: true });
    expect(ticked.statusCode).toBe(200);
    expect(ticked.json().checkListItem).toMatchObject({ _id: second._id, status: true });
    await settled(t);
    const list = (await admin('GET', '/api/admin-check-list')).json().checkListItems;
    expect(list.map((i: { name: string; status: boolean }) => [i.name, i.status])).toEqual([
      ['Order bags and boards', false],
      ['Sweep', true],
      ['Call Diamond', false],
    ]);

    const deleted = await admin('DELETE', `/api/delete-check-list-item/${third._id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().checkListItems.map((i: { _id: string }) => i._id)).not.toContain(third._id);
    await settled(t);
    const all = await admin('DELETE', '/api/admin-check-list-delete-all');
    expect(all.json()).toMatchObject({ deleted: 2, checkListItems: [] });
    await settled(t);
    expect((await admin('GET', '/api/admin-check-list')).json().checkListItems).toEqual([]);
  });

  it('refuses bad input and unknown items with a clear 4xx, changing nothing', async () => {
    await refused('POST', '/api/add-check-list-item', { description: 'no name' }, 400, /Name is required/);
    await refused('POST', '/api/add-check-list-item', { name: 'x', status: 'done' }, 400, /Status must be true/);
    await refused('PUT', '/api/edit-check-list-item/no-such-item', { status: true }, 404, /Check list item not found/);
    await refused('PUT', '/api/edit-check-list-item/x1', {}, 400, /Send the status/);
    await refused('PUT', '/api/edit-check-list-item/x1', { status: 'yes' }, 400, /Status must be true/);
    await refused('DELETE', '/api/delete-check-list-item/no-such-item', undefined, 404, /Check list item not found/);
  });
});

describe('site settings', () => {
  it('reads the defaults and saves every field, answering the saved settings at once', async () => {
    const before = (await admin('GET', '/api/site-settings-admin')).json();
    expect(before).toMatchObject({
      siteSettings: { hideAccessories: true, hideGames: true, warningText: '', updateTransactionsSave: false, updateTransactionsDays: 7 },
      ordersNeedPosting: 0,
    });
    const saved = await admin('POST', '/api/save-site-settings', {
      _id: 'x',
      hideGames: false,
      hideAccessories: false,
      warningText: 'Closed over Christmas',
      updateTransactionsSave: true,
      updateTransactionsDays: 14,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().siteSettings).toEqual({
      hideGames: false,
      hideAccessories: false,
      warningText: 'Closed over Christmas',
      updateTransactionsSave: true,
      updateTransactionsDays: 14,
    });
    expect((await admin('GET', '/api/site-settings-admin')).json().siteSettings.warningText).toBe('Closed over Christmas');
  });

  it.each([
    [{ hideGames: 'yes' }, /Expected boolean/i],
    [{ updateTransactionsDays: 0 }, /at least 1/],
    [{ updateTransactionsDays: 365 }, /at most 90/],
    [{ colour: 'red' }, /Unrecognized key/],
    [{ warningText: 'x'.repeat(501) }, /at most 500/],
  ])('refuses %j with a 400, changing nothing', async (body, message) => {
    await refused('POST', '/api/save-site-settings', body, 400, message);
  });
});

describe('audit history', () => {
  it('lists every change newest first with who and what, with paging and filters', async () => {
    const batch = (await admin('POST', '/api/add-batch', { name: 'AUDIT1', type: 'diamond' })).json().batch;
    const item = (
      await admin('POST', '/api/add-stock', {
        comicId: 'AUD1',
        itemType: 'comic',
        mainDescription: 'Audit #1',
        srp: 399,
        batchId: batch._id,
      })
    ).json().comic;
    await admin('PUT', `/api/edit-stock/${item._id}`, { priceOverride: 999 });
    await settled(t);

    const page = (await admin('GET', '/api/audit-history?page=1&pageSize=2')).json();
    expect(page.audits).toHaveLength(2);
    expect(page.total).toBeGreaterThan(5);
    expect(page.audits[0]).toMatchObject({
      userName: 'Ada Tester',
      userEmail: a.admin.email,
      streamId: `stock-${item._id}`,
      streamType: 'stock',
      eventType: 'StockItemEdited',
      description: 'Changed price override of Audit #1 from none to $9.99',
    });
    expect(new Date(page.audits[0].createdAt).getTime()).toBeGreaterThanOrEqual(new Date(page.audits[1].createdAt).getTime());
    const second = (await admin('GET', '/api/audit-history?page=2&pageSize=2')).json();
    expect(second.audits[0]._id).not.toBe(page.audits[1]._id);

    const byStream = (await admin('GET', `/api/audit-history?streamId=stock-${item._id}`)).json();
    expect(byStream.audits.map((e: { eventType: string }) => e.eventType)).toEqual(['StockItemEdited', 'StockItemAdded']);
    const byKind = (await admin('GET', '/api/audit-history?kind=batch')).json();
    expect(byKind.audits.every((e: { streamType: string }) => e.streamType === 'batch')).toBe(true);
    expect(byKind.audits[0].description).toMatch(/Created batch AUDIT1/);
    const byUser = (await admin('GET', `/api/audit-history?userId=${a.admin.userId}&pageSize=200`)).json();
    expect(byUser.total).toBeGreaterThan(3);
    expect(byUser.audits.every((e: { userEmail: string }) => e.userEmail === a.admin.email)).toBe(true);
  });

  it.each(['page=0', 'pageSize=1000', 'page=abc', 'kind=Robert%27);DROP', 'streamId=%3Cscript%3E'])(
    'refuses ?%s with a 400',
    async (query) => {
      const res = await admin('GET', `/api/audit-history?${query}`);
      expect(res.statusCode).toBe(400);
    },
  );
});

describe('stream history', () => {
  it('replays a stock item: who changed the price and what it was before', async () => {
    const item = (
      await admin('POST', '/api/add-stock', { comicId: 'HIST1', itemType: 'comic', mainDescription: 'History #1', srp: 399 })
    ).json().comic;
    await admin('PUT', `/api/edit-stock/${item._id}`, { priceOverride: 1500 });
    const res = await admin('GET', `/api/stream-history/stock-${item._id}`);
    expect(res.statusCode).toBe(200);
    const history = res.json();
    expect(history).toMatchObject({ streamId: `stock-${item._id}`, streamType: 'stock' });
    expect(history.entries.map((e: { version: number; type: string }) => [e.version, e.type])).toEqual([
      [1, 'StockItemAdded'],
      [2, 'StockItemEdited'],
    ]);
    expect(history.entries[0].state).toMatchObject({ status: 'active', item: { priceOverride: 0, srp: 399 }, holds: {} });
    expect(history.entries[1]).toMatchObject({
      userName: 'Ada Tester',
      userEmail: a.admin.email,
      description: 'Changed price override of History #1 from none to $15.00',
      state: { item: { priceOverride: 1500 } },
    });
  });

  it('replays a user without their password hash', async () => {
    const res = await admin('GET', `/api/stream-history/user-${a.customer.userId}`);
    expect(res.statusCode).toBe(200);
    const entries: { state: Record<string, unknown> }[] = res.json().entries;
    expect(entries[0]!.state).toMatchObject({ email: a.customer.email });
    for (const entry of entries) expect(entry.state).not.toHaveProperty('passwordHash');
    expect(res.body).not.toMatch(/argon2|passwordHash|redacted/);
  });

  it('answers 404 for a stream with no events and 400 for a malformed id', async () => {
    expect((await admin('GET', '/api/stream-history/order-nope')).statusCode).toBe(404);
    expect((await admin('GET', '/api/stream-history/%3Cscript%3E')).statusCode).toBe(400);
  });
});

describe('background jobs', () => {
  it('lists failed jobs, shows one, and retries it', async () => {
    const queue = t.ctx.queues!.queue('email');
    const worker = new Worker(
      'email',
      async () => {
        throw new Error('SMTP said no');
      },
      { connection: redisConnection(t.ctx.config.REDIS_URL), prefix: t.ctx.queues!.prefix },
    );
    await queue.add('welcome', { to: 'x@example.com' }, { jobId: 'fail-me', attempts: 1 });
    for (let i = 0; i < 100 && (await queue.getJobState('fail-me')) !== 'failed'; i++) await new Promise((r) => setTimeout(r, 50));
    await worker.close();

    const failed = (await admin('GET', '/api/admin-failed-jobs')).json().jobs;
    expect(failed).toEqual([
      expect.objectContaining({ queue: 'email', id: 'fail-me', name: 'welcome', failedReason: 'SMTP said no', attemptsMade: 1 }),
    ]);
    expect((await admin('GET', '/api/admin-job/email/fail-me')).json()).toMatchObject({ state: 'failed', failedReason: 'SMTP said no' });
    const retried = await admin('POST', '/api/admin-retry-job/email/fail-me');
    expect(retried.statusCode).toBe(200);
    expect(retried.json().state).toBe('waiting');
    expect((await admin('POST', '/api/admin-retry-job/email/fail-me')).statusCode).toBe(409);
    expect((await admin('GET', '/api/admin-job/email/no-such-job')).statusCode).toBe(404);
    expect((await admin('GET', '/api/admin-job/nope/1')).statusCode).toBe(400);
  });
});
