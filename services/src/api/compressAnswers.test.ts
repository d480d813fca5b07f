import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { Readable } from 'node:stream';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_AT_ONCE_UP_TO_BYTES, compressAnswersAtOnce } from './compressAnswers.ts';

const json = (bytes: number) => ({ text: 'x'.repeat(bytes) });
let app: FastifyInstance;
beforeAll(async () => {
  // Registered as app.ts registers them: @fastify/compress for every answer, the API's hook in its scope.
  app = Fastify();
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(
    async (api) => {
      compressAnswersAtOnce(api);
      api.get('/small', async () => json(100));
      api.get('/order', async () => json(3000));
      api.get('/large', async () => json(COMPRESS_AT_ONCE_UP_TO_BYTES + 1000));
      api.get('/csv', async (_req, reply) => reply.type('text/csv').send('a,b\n'.repeat(1000)));
      api.get('/stream', async (_req, reply) => reply.type('application/json').send(Readable.from([JSON.stringify(json(3000))])));
      api.get('/varied', async (_req, reply) => reply.header('vary', 'authorization').send(json(3000)));
    },
    { prefix: '/api' },
  );
  await app.ready();
});
afterAll(() => app.close());

const get = (url: string, acceptEncoding?: string) =>
  app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('the API’s JSON answers', () => {
  it('are compressed in one call, in the encoding asked for, with their length', async () => {
    const br = await get('/api/order', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toBe('accept-encoding');
    expect(br.headers['content-length']).toBe(String(br.rawPayload.length));
    expect(br.headers['transfer-encoding']).toBeUndefined();
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(json(3000));

    const gzip = await get('/api/order', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(json(3000));
  });

  it('go as they are when small, or when the client takes no encoding we make', async () => {
    expect((await get('/api/small', 'br')).headers['content-encoding']).toBeUndefined();
    const plain = await get('/api/order');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(json(3000));
    expect((await get('/api/order', 'deflate')).headers['content-encoding']).toBeUndefined();
  });

  it('keep a vary the route set, adding the encoding to it', async () => {
    expect((await get('/api/varied', 'br')).headers['vary']).toBe('authorization, accept-encoding');
  });

  it('leave large answers, streams and other types to @fastify/compress', async () => {
    const large = await get('/api/large', 'br');
    expect(large.headers['content-encoding']).toBe('br');
    expect(large.headers['content-length']).toBeUndefined();
    expect(JSON.parse(brotliDecompressSync(large.rawPayload).toString())).toEqual(json(COMPRESS_AT_ONCE_UP_TO_BYTES + 1000));

    const stream = await get('/api/stream', 'br');
    expect(stream.headers['content-encoding']).toBe('br');
    expect(stream.headers['content-length']).toBeUndefined();

    const csv = await get('/api/csv', 'br');
    expect(csv.headers['content-encoding']).toBe('br');
    expect(csv.headers['content-length']).toBeUndefined();
  });
});
