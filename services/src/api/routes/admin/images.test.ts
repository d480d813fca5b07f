import Fastify, { type FastifyInstance } from 'fastify';
import { mkdtemp, readdir, rm, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandling } from '../../errors.ts';
import { createTestApp, type TestApp } from '../../../testing/testApp.ts';
import { registerImageRoutes } from './index.ts';
import { call, createAccounts, eventCount, settled, upload, type Accounts } from './testSupport.ts';

let t: TestApp;
let a: Accounts;
let dir: string;
let images: FastifyInstance;
let png: Buffer;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'admin-images-'));
  t = await createTestApp({ IMAGES_DIR: dir }, { queues: false });
  a = await createAccounts(t);
  images = Fastify();
  registerErrorHandling(images);
  registerImageRoutes(images, t.ctx);
  await images.ready();
  png = await sharp({ create: { width: 400, height: 600, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .png()
    .toBuffer();
});
afterAll(async () => {
  await images.close();
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

const admin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  call(t, method, url, { token: a.admin.token, payload });
const addItem = async (body: Record<string, unknown>) => {
  const res = await admin('POST', '/api/add-stock', { itemType: 'comic', periodType: 'new', mainDescription: 'Image test', ...body });
  expect(res.statusCode).toBe(201);
  return res.json().comic as { _id: string; comicId: string; hasImage: boolean; images: { imageId: string }[] };
};
const file = (data: Buffer, type = 'image/png') => ({ name: 'cover.png', type, data });

describe('POST /api/stock-image/{id}', () => {
  it('converts the cover to WebP, stores it as diamond/{comicId}.webp and sets hasImage', async () => {
    const item = await addItem({ comicId: 'NOV260100' });
    const res = await upload(t, `/api/stock-image/${item._id}`, a.admin.token, {}, file(png));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ imageUrl: '/images/diamond/NOV260100.webp', comic: { hasImage: true } });
    expect(await readdir(path.join(dir, 'diamond'))).toEqual(['NOV260100.webp']);
    const served = await images.inject({ method: 'GET', url: '/images/diamond/NOV260100.webp' });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 400, height: 600 });
  });

  it('stores an extra image as {folder}/{imageId}.webp in the item’s folder and adds it to its images', async () => {
    const item = await addItem({ comicId: 'BI0100', periodType: 'back-issue', supplierType: 'local_person' });
    const res = await upload(t, `/api/stock-image/${item._id}`, a.admin.token, { imageId: 'BI0100-back' }, file(png));
    expect(res.statusCode).toBe(200);
    expect(res.json().comic).toMatchObject({ hasImage: false, images: [{ imageId: 'BI0100-back' }] });
    expect(await readdir(path.join(dir, 'backissues'))).toEqual(['BI0100-back.webp']);
    const game = await addItem({ comicId: 'G0100', itemType: 'game' });
    await upload(t, `/api/stock-image/${game._id}`, a.admin.token, {}, file(png));
    expect(await readdir(path.join(dir, 'games'))).toEqual(['G0100.webp']);
  });

  it('refuses a file that is not an image, an unknown item, a bad image id and a missing file, changing nothing', async () => {
    const item = await addItem({ comicId: 'NOV260101' });
    const before = await eventCount(t);
    const text = await upload(t, `/api/stock-image/${item._id}`, a.admin.token, {}, { name: 'x.txt', type: 'text/plain', data: 'hello' });
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toMatch(/must be an image/);
    const fake = await upload(t, `/api/stock-image/${item._id}`, a.admin.token, {}, file(Buffer.from('not really a png')));
    expect(fake.statusCode).toBe(400);
    expect(fake.json().message).toMatch(/not an image that can be read/);
    const unknown = await upload(t, '/api/stock-image/no-such-item', a.admin.token, {}, file(png));
    expect(unknown.statusCode).toBe(404);
    const badId = await upload(t, `/api/stock-image/${item._id}`, a.admin.token, { imageId: '../../etc/passwd' }, file(png));
    expect(badId.statusCode).toBe(400);
    const none = await upload(t, `/api/stock-image/${item._id}`, a.admin.token, {});
    expect(none.statusCode).toBe(400);
    expect(await eventCount(t)).toBe(before);
  });
});

describe('GET /images/{folder}/{file}', () => {
  it('answers 404 for a missing image and for anything outside the image folders', async () => {
    expect((await images.inject({ method: 'GET', url: '/images/diamond/NOPE.webp' })).statusCode).toBe(404);
    expect((await images.inject({ method: 'GET', url: '/images/secret/x.webp' })).statusCode).toBe(404);
    expect((await images.inject({ method: 'GET', url: '/images/diamond/..%2F..%2Fpackage.json' })).statusCode).toBe(404);
  });
});

describe('PUT /api/check-images', () => {
  it('lists the items whose images are missing and brings hasImage in line with storage', async () => {
    const missing = await addItem({ comicId: 'NOV260200' });
    const removed = await addItem({ comicId: 'NOV260201' });
    await upload(t, `/api/stock-image/${removed._id}`, a.admin.token, {}, file(png));
    await unlink(path.join(dir, 'diamond', 'NOV260201.webp')); // lost from storage
    await settled(t);
    const res = await admin('PUT', '/api/check-images', {});
    expect(res.statusCode).toBe(200);
    const ids = (res.json().comics as { _id: string; hasImage: boolean }[]).map((c) => c._id);
    expect(ids).toContain(missing._id);
    expect(ids).toContain(removed._id);
    const stored = (await admin('GET', '/api/admin-search-stock/NOV260100')).json().comics[0] as { _id: string };
    expect(stored).toBeDefined();
    expect(ids).not.toContain(stored._id);
    expect((res.json().comics as { _id: string; hasImage: boolean }[]).find((c) => c._id === removed._id)?.hasImage).toBe(false);
    expect(res.json().updated).toBeGreaterThanOrEqual(1);
  });

  it('drops extra images that are not stored, and takes a cover from another folder after a change of period', async () => {
    const withExtra = await addItem({ comicId: 'NOV260210' });
    await upload(t, `/api/stock-image/${withExtra._id}`, a.admin.token, {}, file(png));
    await upload(t, `/api/stock-image/${withExtra._id}`, a.admin.token, { imageId: 'NOV260210-2' }, file(png));
    await upload(t, `/api/stock-image/${withExtra._id}`, a.admin.token, { imageId: 'NOV260210-3' }, file(png));
    await unlink(path.join(dir, 'diamond', 'NOV260210-3.webp'));
    // A back issue whose cover sits in diamond/ (uploaded while it was a new comic).
    const moved = await addItem({ comicId: 'NOV260211', periodType: 'back-issue' });
    const webp = await sharp(png).webp().toBuffer();
    await import('node:fs/promises').then((fs) => fs.writeFile(path.join(dir, 'diamond', 'NOV260211.webp'), webp));
    await settled(t);

    const res = await admin('PUT', '/api/check-images', {});
    expect(res.statusCode).toBe(200);
    const found = res.json().comics as { _id: string; hasImage: boolean; images: { imageId: string }[] }[];
    expect(found.find((c) => c._id === withExtra._id)).toMatchObject({ hasImage: true, images: [{ imageId: 'NOV260210-2' }] });
    expect(found.map((c) => c._id)).not.toContain(moved._id);
    expect(res.json().recovered).toBeGreaterThanOrEqual(1);
    expect(await readdir(path.join(dir, 'backissues'))).toContain('NOV260211.webp');
    expect((await images.inject({ method: 'GET', url: '/images/backissues/NOV260211.webp' })).statusCode).toBe(200);
    await settled(t);
    const after = (await admin('GET', '/api/admin-search-stock/NOV260211')).json().comics[0] as { hasImage: boolean };
    expect(after.hasImage).toBe(true);

    // Run again: nothing left to change.
    const again = await admin('PUT', '/api/check-images', {});
    expect(again.json().comics.map((c: { _id: string }) => c._id)).not.toContain(withExtra._id);
  });
});
