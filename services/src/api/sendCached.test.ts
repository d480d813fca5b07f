import { describe, expect, it } from 'vitest';
import { isHashedAsset } from './app.ts';
import { preferredEncoding } from './sendCached.ts';

describe('preferredEncoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['deflate', null],
    ['*', 'gzip'],
    ['identity', null],
    [undefined, null],
  ] as const)('%s → %s', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });
});

describe('isHashedAsset', () => {
  it('is true only for Vite’s content-hashed files under assets/', () => {
    expect(isHashedAsset('/dist', '/dist/assets/index-CVXuCehs.js')).toBe(true);
    expect(isHashedAsset('/dist', '/dist/assets/AdminRoutes-D55uKpRs.css')).toBe(true);
    expect(isHashedAsset('/dist', '/dist/index.html')).toBe(false);
    expect(isHashedAsset('/dist', '/dist/favicon.svg')).toBe(false);
    expect(isHashedAsset('/dist', '/dist/assets/logo.svg')).toBe(false);
  });
});

describe('the web app’s files', () => {
  it('are immutable when content-hashed, revalidated otherwise, and compressed', async () => {
    const { mkdtempSync, mkdirSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const path = await import('node:path');
    const { createTestApp } = await import('../testing/testApp.ts');
    const { buildApp } = await import('./app.ts');
    const dist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>shop</title>');
    writeFileSync(path.join(dist, 'assets', 'index-Ab12Cd34.js'), `console.log(${JSON.stringify('x'.repeat(5000))});`);
    const t = await createTestApp({}, { queues: false });
    const app = await buildApp(t.ctx, { webDist: dist });
    try {
      const asset = await app.inject({ method: 'GET', url: '/assets/index-Ab12Cd34.js', headers: { 'accept-encoding': 'br, gzip' } });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(asset.headers['content-encoding']).toBe('br');
      const page = await app.inject({ method: 'GET', url: '/new-comics' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['cache-control']).toBe('no-cache');
    } finally {
      await app.close();
      await t.close();
    }
  });
});
