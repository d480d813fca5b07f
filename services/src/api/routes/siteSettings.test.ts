import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../orders/testKit.ts';
import { eventually } from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/testApp.ts';
import { createAccounts } from './admin/testSupport.ts';
import { paymentsTestMode } from './siteSettings.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('GET /api/site-settings', () => {
  it('says card payments are in test mode while they go to the payment simulator', async () => {
    const res = await call(t.app, 'GET', '/api/site-settings');
    expect(res).toMatchObject({ status: 200, body: { siteSettings: expect.any(Object), paymentsTestMode: true } });
  });

  it('carries an ETag: 304 while unchanged, a new one once a setting changes', async () => {
    const get = (headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: '/api/site-settings', headers });
    const first = await get();
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`]) {
      const again = await get({ 'if-none-match': ifNoneMatch });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
    }
    expect((await get({ 'if-none-match': '"other"' })).statusCode).toBe(200);

    const { admin } = await createAccounts(t);
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/save-site-settings',
      headers: { authorization: `Bearer ${admin.token}` },
      payload: {
        hideGames: false,
        hideAccessories: false,
        warningText: 'Closed Monday',
        updateTransactionsSave: false,
        updateTransactionsDays: 7,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const changed = await eventually(
      () => get({ 'if-none-match': etag }),
      (res) => res.statusCode === 200,
    );
    expect(changed.json().siteSettings.warningText).toBe('Closed Monday');
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('is not in test mode with Square credentials', () => {
    expect(paymentsTestMode({ ...t.ctx.config, SQUARE_ACCESS_TOKEN: 'EAAA-token', SQUARE_LOCATION_ID: 'L1' })).toBe(false);
    expect(paymentsTestMode({ ...t.ctx.config, SQUARE_ACCESS_TOKEN: 'EAAA-token', SQUARE_LOCATION_ID: ' ' })).toBe(true);
  });
});
