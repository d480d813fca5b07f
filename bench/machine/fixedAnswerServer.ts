/**
 * bench/machine's server: answers every request with the same gzip-compressed JSON body and does
 * nothing else, with the shop's framework (`fastify`) or with Node's own `node:http` (`node-http`),
 * so its rate is what this machine can answer at all over the same connections the shop is loaded on.
 *   node --import tsx bench/machine/fixedAnswerServer.ts fastify|node-http PORT
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import { gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { generateDemoCatalogue } from '../../services/src/demo/demoCatalogue.ts';
import { DEMO_SEED } from '../../services/src/main/setup/demoData.ts';

/** A page of 30 of the demo catalogue's items as JSON, as varied as a real page, so it compresses alike. */
function fixedCatalogueBody(): Buffer {
  const { stockItems } = generateDemoCatalogue({ seed: DEMO_SEED, items: 300, now: new Date('2026-11-26T00:00:00Z') });
  return Buffer.from(JSON.stringify({ comics: stockItems.slice(0, 30), total: 100_000 }));
}

const body = gzipSync(fixedCatalogueBody());
const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
const headers = { 'content-type': 'application/json; charset=utf-8', 'content-encoding': 'gzip', etag, vary: 'accept-encoding' };

const [kind, port] = process.argv.slice(2);
if (kind === 'fastify') {
  const app = Fastify({ logger: false });
  app.all('/*', async (_request, reply) => reply.headers(headers).send(body));
  await app.listen({ host: '127.0.0.1', port: Number(port) });
} else if (kind === 'node-http') {
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(200, { ...headers, 'content-length': body.length });
      response.end(body);
    });
  });
  server.keepAliveTimeout = 60_000;
  server.listen(Number(port), '127.0.0.1');
} else {
  throw new Error(`usage: fixedAnswerServer.ts fastify|node-http PORT (got ${kind ?? 'nothing'})`);
}
