import { describe, expect, it } from 'vitest';
import { isHashedAsset } from './app.ts';
import { brotliDecompressSync } from 'node:zlib';
import { CachedBody } from '../catalogue/catalogueCache.ts';
import { brotli, etagOf, etagOfBody, preferredEncoding } from './sendCached.ts';

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

describe('etagOfBody', () => {
  it('hashes the JSON in UTF-8 once, which its compression then uses, and both let it go', () => {
    const json = '{"comics":[{"publisher":"Éditions Café"}]}';
    let layouts = 0;
    const body = new CachedBody(json, () => (layouts++, json));
    const bytes = body.bytes();
    expect(body.bytes()).toBe(bytes);
    expect(etagOfBody(body)).toBe(etagOf(json));
    let compressedFrom: Buffer | null = null;
    const br = body.compressed('br', (utf8) => ((compressedFrom = utf8), brotli(utf8)));
    expect(compressedFrom).toBe(bytes);
    expect(brotliDecompressSync(br).toString('utf8')).toBe(json);
    expect(layouts).toBe(0);
    // Let go with the text: asked for again, the JSON is laid out again.
    expect(body.bytes()).not.toBe(bytes);
    expect(layouts).toBe(1);
  });
});

describe('isHashedAsset', () => {
  it('is true only for Vite’s content-hashed files under assets/', () => {
    expect(isHashedAsset('/dist', '/dist/assets/index-CVXuCehs.js')).toBe(true);
    expect(isHashedAsset('/dist', '/dist/assets/AdminRoutes-D55uKpRs.css')).toBe(true);
    expect(isHashedAsset('/dist', '/dist/assets/index-CVXuCehs.js.br')).toBe(true);
    expect(isHashedAsset('/dist', '/dist/assets/index-CVXuCehs.js.gz')).toBe(true);
    expect(isHashedAsset('/dist', '/dist/index.html')).toBe(false);
    expect(isHashedAsset('/dist', '/dist/favicon.svg')).toBe(false);
    expect(isHashedAsset('/dist', '/dist/assets/logo.svg')).toBe(false);
  });
});

describe('the web app’s files', () => {
  it('are immutable when content-hashed, revalidated otherwise, and sent in the forms the build compressed', async () => {
    const { mkdtempSync, mkdirSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const path = await import('node:path');
    const { createTestApp } = await import('../testing/testApp.ts');
    const { buildApp } = await import('./app.ts');
    const dist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>shop</title>');
    const { brotliCompressSync, gzipSync } = await import('node:zlib');
    const code = `console.log(${JSON.stringify('x'.repeat(5000))});`;
    const built = path.join(dist, 'assets', 'index-Ab12Cd34.js');
    writeFileSync(built, code);
    // The build's forms of it (web/vite.config.ts, precompress), told apart from any made on the fly.
    const builtBrotli = brotliCompressSync(Buffer.from(code));
    const builtGzip = gzipSync(Buffer.from(code), { level: 9 });
    writeFileSync(`${built}.br`, builtBrotli);
    writeFileSync(`${built}.gz`, builtGzip);
    writeFileSync(path.join(dist, 'assets', 'chunk-Ef56Gh78.js'), code);
    const t = await createTestApp({}, { queues: false });
    const app = await buildApp(t.ctx, { webDist: dist });
    try {
      const asset = await app.inject({ method: 'GET', url: '/assets/index-Ab12Cd34.js', headers: { 'accept-encoding': 'br, gzip' } });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(asset.headers['content-encoding']).toBe('br');
      expect(asset.headers['content-type']).toMatch(/javascript/);
      expect(asset.rawPayload.equals(builtBrotli)).toBe(true);
      expect(asset.headers.vary).toMatch(/^accept-encoding$/i);
      const gzipped = await app.inject({ method: 'GET', url: '/assets/index-Ab12Cd34.js', headers: { 'accept-encoding': 'gzip' } });
      expect(gzipped.headers['content-encoding']).toBe('gzip');
      expect(gzipped.rawPayload.equals(builtGzip)).toBe(true);
      const plain = await app.inject({ method: 'GET', url: '/assets/index-Ab12Cd34.js' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(code);
      // A file the build left without its forms is compressed as it goes.
      const onTheFly = await app.inject({ method: 'GET', url: '/assets/chunk-Ef56Gh78.js', headers: { 'accept-encoding': 'br' } });
      expect(onTheFly.headers['content-encoding']).toBe('br');
      expect(String(onTheFly.headers.vary).toLowerCase()).toBe('accept-encoding');
      const page = await app.inject({ method: 'GET', url: '/new-comics' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['cache-control']).toBe('no-cache');
    } finally {
      await app.close();
      await t.close();
    }
  });
});
