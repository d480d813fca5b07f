import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandling } from '../../errors.ts';
import { createTestApp, type TestApp } from '../../../testing/testApp.ts';
import { adminRoute, trackAdminRoutes, type AdminRouteRecord } from './adminRoute.ts';
import { call, createAccounts, eventCount, type Accounts } from './testSupport.ts';
import type { FastifyInstance } from 'fastify';

let t: TestApp;
let accounts: Accounts;
beforeAll(async () => {
  t = await createTestApp({}, { queues: false });
  accounts = await createAccounts(t);
});
afterAll(() => t.close());

/** Every admin call of the spec (admin §7, without /ebay-*) and ours, as registered (under /api). */
const EXPECTED = [
  'GET /api/all-orders',
  'GET /api/complete-orders',
  'GET /api/orders-awaiting-postage',
  'GET /api/adhoc-orders',
  'GET /api/post-order/:id',
  'GET /api/post-order/:id/:tracking',
  'GET /api/mark-as-posted/:id',
  'GET /api/order-resend-confirm/:id',
  'GET /api/order-resend-posted/:id',
  'GET /api/admin-search-stock/:term',
  'GET /api/site-settings-admin',
  'GET /api/admin-check-list',
  'GET /api/zero-stock/:limit',
  'GET /api/audit-history',
  'GET /api/users',
  'GET /api/data-tidy',
  'GET /api/feedback',
  'POST /api/add-batch',
  'POST /api/save-site-settings',
  'POST /api/add-check-list-item',
  'POST /api/user-send-credit',
  'POST /api/add-stock',
  'PUT /api/edit-batch/:id',
  'PUT /api/edit-check-list-item/:id',
  'PUT /api/edit-stock/:id',
  'PUT /api/check-images',
  'PUT /api/add-stock-check',
  'PUT /api/admin-stock/',
  'DELETE /api/delete-order/:id',
  'DELETE /api/delete-batch/:id',
  'DELETE /api/clear-stock/:batchId',
  'DELETE /api/delete-check-list-item/:id',
  'DELETE /api/admin-check-list-delete-all',
  'DELETE /api/delete-stock/:id',
  'POST /api/stock-image/:id',
  'POST /api/stock-upload',
  'GET /api/admin-upload-progress/:jobId',
  'GET /api/admin-lists',
  'GET /api/admin-failed-jobs',
  'POST /api/admin-retry-job/:queue/:id',
  'GET /api/admin-job/:queue/:id',
  'GET /api/stream-history/:streamId',
];

const SAMPLE_PARAMS: Record<string, string> = {
  id: 'x1',
  tracking: 'TRK1',
  term: 'batman',
  limit: '10',
  batchId: 'b1',
  jobId: '00000000-0000-4000-8000-000000000000',
  queue: 'email',
  streamId: 'order-x1',
};
const fill = (url: string) => url.replace(/:(\w+)/g, (_, name: string) => SAMPLE_PARAMS[name] ?? 'x1');

/** Each route that does not answer 401 without a token and 403 for a customer, with what it answered. */
async function unguarded(app: FastifyInstance, records: readonly AdminRouteRecord[], customerToken: string): Promise<string[]> {
  const failures: string[] = [];
  for (const r of records) {
    const url = fill(r.url);
    const method = r.method as 'GET';
    const anonymous = await app.inject({ method, url });
    const customer = await app.inject({ method, url, headers: { authorization: `Bearer ${customerToken}` } });
    if (anonymous.statusCode !== 401 || customer.statusCode !== 403) {
      failures.push(`${r.method} ${r.url}: no token ${anonymous.statusCode}, customer ${customer.statusCode}`);
    }
  }
  return failures;
}

describe('permissions: every admin route', () => {
  it('is registered, and every route of the admin plugin went through adminRoute', () => {
    const records = t.app.adminRoutes;
    const seen = records.map((r) => `${r.method} ${r.url}`);
    for (const expected of EXPECTED) expect(seen).toContain(expected);
    expect(records.filter((r) => !r.admin)).toEqual([]);
  });

  it('answers 401 without a token and 403 with a customer token, and changes nothing', async () => {
    const records = t.app.adminRoutes;
    expect(records.length).toBeGreaterThanOrEqual(EXPECTED.length);
    const before = await eventCount(t);
    expect(await unguarded(t.app, records, accounts.customer.token)).toEqual([]);
    expect(await eventCount(t)).toBe(before);
  });

  it('answers 401 for an invalid or expired token, and lets the admin through', async () => {
    const bad = await call(t, 'GET', '/api/users', { token: 'not-a-jwt' });
    expect(bad.statusCode).toBe(401);
    const ok = await call(t, 'GET', '/api/users', { token: accounts.admin.token });
    expect(ok.statusCode).toBe(200);
  });

  it("answers the admin search without a token with 401 'needs user'", async () => {
    const res = await call(t, 'GET', '/api/admin-search-stock/batman');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'needs user' });
  });

  it('keeps feedback (customers’ emails) for the admin only', async () => {
    expect((await call(t, 'GET', '/api/feedback')).statusCode).toBe(401);
    expect((await call(t, 'GET', '/api/feedback', { token: accounts.customer.token })).statusCode).toBe(403);
  });

  it('catches a route added to an admin plugin without the check', async () => {
    const ctx = { ...t.ctx };
    const app = Fastify();
    registerErrorHandling(app);
    let records: AdminRouteRecord[] = [];
    await app.register(async (admin) => {
      records = trackAdminRoutes(admin);
      adminRoute(admin, ctx, 'GET', '/guarded', async () => ({ ok: true }));
      admin.get('/forgotten', async () => ({ secret: true }));
    });
    await app.ready();
    expect(records.filter((r) => !r.admin).map((r) => r.url)).toEqual(['/forgotten']);
    expect(await unguarded(app, records, accounts.customer.token)).toEqual(['GET /forgotten: no token 200, customer 200']);
    await app.close();
  });
});
