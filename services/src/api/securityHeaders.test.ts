import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/testApp.ts';
import { buildApp } from './app.ts';
import { contentSecurityPolicy, inlineScriptHashes } from './securityHeaders.ts';

describe('contentSecurityPolicy', () => {
  it("allows Square's SDK and frames, and the maps script only when the app has a key", () => {
    const without = contentSecurityPolicy({ VITE_GOOGLE_MAPS_KEY: undefined });
    expect(without.scriptSrc).toContain('https://web.squarecdn.com');
    expect(without.scriptSrc).toContain('https://sandbox.web.squarecdn.com');
    expect(without.scriptSrc).not.toContain("'unsafe-inline'");
    expect(without.scriptSrc).not.toContain('https://maps.googleapis.com');
    expect(without.frameAncestors).toEqual(["'none'"]);
    expect(contentSecurityPolicy({ VITE_GOOGLE_MAPS_KEY: 'key' }).scriptSrc).toContain('https://maps.googleapis.com');
  });
});

describe('inlineScriptHashes', () => {
  it("hashes the page's inline scripts, not its external ones", () => {
    const html = '<head><script>window.a = 1;</script><script type="module" src="/assets/x.js"></script></head>';
    // printf 'window.a = 1;' | openssl dgst -sha256 -binary | base64
    expect(inlineScriptHashes(html)).toEqual(["'sha256-ShPZs6SyOIfeOg7tsGkUC0BIIQiM/4HlSLumBwNEK6k='"]);
  });
});

describe('security headers and HEAD', () => {
  let t: TestApp;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let hsts: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>shop</title><script>window.early = 1;</script>');
    t = await createTestApp({}, { queues: false });
    app = await buildApp(t.ctx, { webDist: dist });
    hsts = await buildApp({ ...t.ctx, config: { ...t.ctx.config, HSTS: true } }, { webDist: dist });
  });
  afterAll(async () => {
    await app?.close();
    await hsts?.close();
    await t?.close();
  });

  it.each(['/', '/new-comics', '/no-such-page.png'])('%s carries the page policy and the headers', async (url) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['content-security-policy']).toContain("script-src 'self' https://web.squarecdn.com");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['content-security-policy']).toContain(inlineScriptHashes('<script>window.early = 1;</script>')[0]);
  });

  it.each(['/api/site-settings', '/api/homepage-stock', '/api/no-such-call'])(
    '%s, a JSON answer, carries the short set: nothing may load, frame or sniff it',
    async (url) => {
      const res = await app.inject({ method: 'GET', url });
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(res.headers['cross-origin-opener-policy']).toBeUndefined();
      expect(res.headers['strict-transport-security']).toBeUndefined();
    },
  );

  it('the API reader at /api/docs is a page and carries the page policy', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('sends HSTS only when HSTS=true, on pages and answers', async () => {
    for (const url of ['/', '/api/site-settings']) {
      const res = await hsts.inject({ method: 'GET', url });
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    }
  });

  it.each(['/', '/new-comics', '/account-orders'])('HEAD %s answers like GET without a body', async (url) => {
    const get = await app.inject({ method: 'GET', url });
    const head = await app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe(get.headers['content-type']);
    expect(head.body).toBe('');
  });

  it('HEAD of an unknown call is still 404', async () => {
    expect((await app.inject({ method: 'HEAD', url: '/api/no-such-call' })).statusCode).toBe(404);
  });
});
