import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addStock, call, newTempToken } from '../../../orders/testKit.ts';
import { createTestApp, type TestApp } from '../../../testing/testApp.ts';
import { createAccounts, settled, type Accounts } from '../admin/testSupport.ts';

let t: TestApp;
let a: Accounts;
type Order = { _id: string; orderItems: { _id: string; quantity: number }[] };

beforeAll(async () => {
  t = await createTestApp({}, { queues: false });
  a = await createAccounts(t);
});
afterAll(() => t.close());

/** 1 Dec 2026 ends in Sydney (summer time, +11) at 13:00 UTC. */
const BEFORE_FOC = new Date('2026-12-01T12:59:00Z');
const AFTER_FOC = new Date('2026-12-01T13:00:00Z');

const guestOrder = async (token: string) =>
  (await call(t.app, 'POST', '/api/current-order', { body: { tempAuthorisation: token } })).body.order as Order;
const update = (orderId: string, token: string, orderItems: { _id: string; quantity: number }[]) =>
  call(t.app, 'PUT', `/api/update-order/${orderId}`, { body: { _id: orderId, orderItems, tempAuthorisation: token } });

describe('update-order and a pre-order’s FOC', () => {
  it('adds the item before the end of its FOC day; after it answers 200 without the new line, with a message, and keeps lines ordered', async () => {
    const early = await addStock(t.ctx, {
      mainDescription: 'Absolute Batman #20',
      number: 5,
      price: 795,
      periodType: 'pre-order',
      focDate: '2026-12-01',
    });
    const late = await addStock(t.ctx, {
      mainDescription: 'Absolute Flash #9',
      number: 5,
      price: 795,
      periodType: 'pre-order',
      focDate: '2026-12-01',
    });
    await settled(t);
    const token = newTempToken();
    const order = await guestOrder(token);

    t.ctx.clock = () => BEFORE_FOC;
    const before = await update(order._id, token, [{ _id: early, quantity: 1 }]);
    expect(before.status).toBe(200);
    expect((before.body.order as Order).orderItems.map((l) => l._id)).toEqual([early]);

    t.ctx.clock = () => AFTER_FOC;
    const after = await update(order._id, token, [
      { _id: early, quantity: 2 },
      { _id: late, quantity: 1 },
    ]);
    expect(after.status).toBe(200);
    expect((after.body.order as Order).orderItems).toEqual([expect.objectContaining({ _id: early, quantity: 1 })]);
    expect(after.body.messages).toEqual([
      'Absolute Flash #9 can no longer be ordered: its final order cut-off was 1 Dec 2026.',
      'No more copies of Absolute Batman #20 can be ordered after its final order cut-off (1 Dec 2026), so your order keeps 1.',
    ]);
  });

  it("takes a pre-order's FOC from its batch's cut-off date when it has none of its own, and shows it on the tile", async () => {
    const admin = (method: 'POST' | 'PUT', url: string, body: unknown) => call(t.app, method, url, { body, token: a.admin.token });
    const batch = await admin('POST', '/api/add-batch', { name: 'PRE-DEC', type: 'pre', cutOffDate: '2026-12-01' });
    expect(batch.status).toBe(201);
    const batchId = (batch.body.batch as { _id: string })._id;
    const added = await admin('POST', '/api/add-stock', {
      comicId: 'FOC1',
      itemType: 'comic',
      periodType: 'pre-order',
      mainDescription: 'Batman #160',
      number: 3,
      batchId,
    });
    expect(added.status).toBe(201);
    const item = added.body.comic as { _id: string; focDate: string | null; orderBy: string | null };
    expect(item).toMatchObject({ focDate: null, orderBy: '2026-12-01' });
    await settled(t);
    const listed = await call(t.app, 'GET', `/api/stock-for-pre/${batchId}`);
    expect(listed.body).toMatchObject({ comics: [{ _id: item._id, orderBy: '2026-12-01' }] });

    const token = newTempToken();
    const order = await guestOrder(token);
    t.ctx.clock = () => AFTER_FOC;
    const refused = await update(order._id, token, [{ _id: item._id, quantity: 1 }]);
    expect(refused.status).toBe(200);
    expect((refused.body.order as Order).orderItems).toEqual([]);
    expect(refused.body.messages).toEqual(['Batman #160 can no longer be ordered: its final order cut-off was 1 Dec 2026.']);

    // A later cut-off on the batch opens it again.
    expect((await admin('PUT', `/api/edit-batch/${batchId}`, { cutOffDate: '2026-12-08' })).status).toBe(200);
    await settled(t);
    const reopened = await update(order._id, token, [{ _id: item._id, quantity: 1 }]);
    expect((reopened.body.order as Order).orderItems).toEqual([expect.objectContaining({ _id: item._id, quantity: 1 })]);
  });
});
