import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../orders/testKit.ts';
import { createTestApp, type TestApp } from '../../testing/testApp.ts';
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

  it('is not in test mode with Square credentials', () => {
    expect(paymentsTestMode({ ...t.ctx.config, SQUARE_ACCESS_TOKEN: 'EAAA-token', SQUARE_LOCATION_ID: 'L1' })).toBe(false);
    expect(paymentsTestMode({ ...t.ctx.config, SQUARE_ACCESS_TOKEN: 'EAAA-token', SQUARE_LOCATION_ID: ' ' })).toBe(true);
  });
});
