import { constants, brotliCompressSync, gzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CachedBody } from '../catalogue/catalogueCache.ts';

/** Bodies smaller than this go uncompressed: the headers would cost more than they save. */
export const COMPRESS_FROM_BYTES = 1024;

/** The encoding to answer in: brotli, then gzip, when the request accepts it (a q of 0 refuses). */
export function preferredEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  if (!acceptEncoding) return null;
  const accepted = new Set<string>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    if (name) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

/**
 * Sends a catalogue body: its ETag on GET (a 304 when the client has it), compressed once per
 * body and encoding rather than on every request (the cache keeps the compressed forms).
 */
export function sendCached(request: FastifyRequest, reply: FastifyReply, body: CachedBody) {
  if (request.method === 'GET' || request.method === 'HEAD') {
    body.etag ??= `"${createHash('sha1').update(body.json()).digest('base64url').slice(0, 27)}"`;
    reply.header('etag', body.etag).header('cache-control', 'no-cache');
    if (request.headers['if-none-match'] === body.etag) return reply.code(304).send();
  }
  reply.type('application/json; charset=utf-8');
  const encoding = body.length >= COMPRESS_FROM_BYTES ? preferredEncoding(request.headers['accept-encoding']) : null;
  if (!encoding) return reply.send(body.json());
  reply.header('vary', 'accept-encoding').header('content-encoding', encoding);
  return reply.send(body.compressed(encoding, encoding === 'br' ? brotli : gzip));
}

/**
 * How answers are compressed in brotli: the catalogue's once per laid-out body, the others as they
 * are sent. Quality 4 is brotli's last with the fast hashers: for a 30-item page (31 KB) it took
 * 35-40% less CPU than 5 for 3% more bytes (3.0 KB against 2.9), and every miss compresses its body.
 */
export const brotli = (body: string | Buffer) =>
  brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
export const gzip = (body: string | Buffer) => gzipSync(body, { level: 6 });
