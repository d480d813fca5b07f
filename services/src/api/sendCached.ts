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

/** Adds accept-encoding to an answer's Vary, keeping what it varies by already. */
export function varyByEncoding(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  if (vary === undefined) reply.header('vary', 'accept-encoding');
  else if (!/\baccept-encoding\b/i.test(String(vary))) reply.header('vary', `${String(vary)}, accept-encoding`);
}

/** A strong ETag of a JSON body (its text, or the same in UTF-8). */
export const etagOf = (json: string | Buffer) => `"${createHash('sha1').update(json).digest('base64url').slice(0, 27)}"`;

/** A kept body's ETag, made once from its JSON (in UTF-8, which its compression then uses too). */
export const etagOfBody = (body: CachedBody): string => (body.etag ??= etagOf(body.bytes()));

/** Whether an If-None-Match header names `etag` (a list, a weak form of it, or `*`): the client has the body. */
export function clientHas(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

/**
 * Sets a GET answer's ETag, to be checked again on every use (no-cache), and answers true when the
 * client already has that body: the caller then sends 304 and no body.
 */
function notModified(request: FastifyRequest, reply: FastifyReply, etag: string): boolean {
  reply.header('etag', etag).header('cache-control', 'no-cache');
  return clientHas(request.headers['if-none-match'], etag);
}

/**
 * Sends a kept body (a catalogue answer, or the homepage's drawn page as `text/html`): its ETag on
 * GET (a 304 when the client has it), compressed once per body and encoding rather than on every
 * request (the body keeps the compressed forms).
 */
export function sendCached(request: FastifyRequest, reply: FastifyReply, body: CachedBody, type = 'application/json; charset=utf-8') {
  if (request.method === 'GET' || request.method === 'HEAD') {
    if (notModified(request, reply, etagOfBody(body))) return reply.code(304).send();
  }
  reply.type(type);
  const encoding = body.length >= COMPRESS_FROM_BYTES ? preferredEncoding(request.headers['accept-encoding']) : null;
  if (!encoding) return reply.send(body.json());
  varyByEncoding(reply);
  reply.header('content-encoding', encoding);
  return reply.send(body.compressed(encoding, encoding === 'br' ? brotli : gzip));
}

/**
 * Sends a GET answer made on each request with its ETag (a 304 when the client has it): `answer`
 * is serialized by the route's response schema, then hashed. compressAnswersAtOnce compresses it.
 */
export function sendWithEtag(request: FastifyRequest, reply: FastifyReply, answer: unknown) {
  const serialized = reply.serialize(answer);
  const json = typeof serialized === 'string' ? serialized : Buffer.from(serialized as ArrayBuffer).toString('utf8');
  if (notModified(request, reply, etagOf(json))) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(json);
}

/**
 * How answers are compressed in brotli: the catalogue's once per laid-out body, the others as they
 * are sent. Every miss, and every kept answer laid out again with newer counts, compresses its body,
 * so CPU counts more than the last bytes: quality 2 took half of quality 4's CPU for 6-8% more bytes
 * on catalogue pages of 30 and 60 items (docs/benchmarks.md, twenty-sixth sitting), and quality 1
 * 50-65% of quality 2's for 5-14% more bytes (the homepage's 82 KB: 94-99 µs against 149-158, 7.6 KB
 * against 7.0; thirty-first sitting).
 */
const BROTLI_QUALITY = 1;
export const brotli = (body: string | Buffer) =>
  brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
export const gzip = (body: string | Buffer) => gzipSync(body, { level: 6 });
