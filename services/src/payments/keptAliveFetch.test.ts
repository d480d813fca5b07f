import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { keptAliveFetch } from './keptAliveFetch.ts';

/** A server that echoes each request, counts connections, and on request drops a kept one unanswered. */
let server: http.Server;
let base: string;
let connections = 0;
let dropReused = false;
const servedOn = new WeakMap<object, number>();
beforeAll(async () => {
  server = http.createServer((request, answer) => {
    const served = (servedOn.get(request.socket) ?? 0) + 1;
    servedOn.set(request.socket, served);
    if (dropReused && served > 1) {
      request.socket.destroy();
      return;
    }
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      if (request.url === '/empty') return answer.writeHead(204).end();
      answer.writeHead(request.url === '/missing' ? 404 : 200, 'Echoed', { 'content-type': 'application/json', 'x-seen': 'yes' });
      answer.end(JSON.stringify({ method: request.method, url: request.url, headers: request.headers, body }));
    });
  });
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  connections = 0;
  dropReused = false;
});

describe('keptAliveFetch', () => {
  it('sends the method, headers and body and answers a Response with the status, headers and body', async () => {
    const fetch = keptAliveFetch();
    const answer = await fetch(`${base}/v2/payments?x=1`, {
      method: 'POST',
      headers: new Headers({ authorization: 'Bearer t', 'content-type': 'application/json' }),
      body: '{"amount":1234}',
    });
    expect(answer.status).toBe(200);
    expect(answer.statusText).toBe('Echoed');
    expect(answer.headers.get('x-seen')).toBe('yes');
    const echoed = (await answer.json()) as { method: string; url: string; headers: Record<string, string>; body: string };
    expect(echoed).toMatchObject({ method: 'POST', url: '/v2/payments?x=1', body: '{"amount":1234}' });
    expect(echoed.headers).toMatchObject({ authorization: 'Bearer t', 'content-type': 'application/json', 'content-length': '15' });
    expect(echoed.headers['accept-encoding']).toBeUndefined();
  });

  it('answers an error status as a Response, and a 204 with no body', async () => {
    const fetch = keptAliveFetch();
    expect((await fetch(`${base}/missing`)).status).toBe(404);
    const empty = await fetch(`${base}/empty`, { method: 'DELETE' });
    expect(empty.status).toBe(204);
    expect(empty.body).toBeNull();
  });

  it('sends one call after another on one kept connection', async () => {
    const fetch = keptAliveFetch();
    for (let i = 0; i < 5; i++) await (await fetch(`${base}/n${i}`, { method: 'POST', body: '{}' })).text();
    expect(connections).toBe(1);
  });

  it('sends a call again on a new connection when the kept one was closed before any answer', async () => {
    const fetch = keptAliveFetch();
    await (await fetch(`${base}/first`)).text();
    dropReused = true;
    const again = await fetch(`${base}/second`, { method: 'POST', body: '{"k":1}' });
    expect(((await again.json()) as { url: string }).url).toBe('/second');
    expect(connections).toBe(2);
  });

  it('gives up a call whose signal aborts, without sending it again', async () => {
    const fetch = keptAliveFetch();
    const controller = new AbortController();
    controller.abort();
    await expect(fetch(`${base}/aborted`, { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('refuses what it cannot send', async () => {
    const fetch = keptAliveFetch();
    await expect(fetch(`${base}/x`, { method: 'POST', body: new Uint8Array([1]) })).rejects.toThrow(/string bodies/);
    await expect(fetch('ftp://127.0.0.1/x')).rejects.toThrow(/not http/);
  });
});
