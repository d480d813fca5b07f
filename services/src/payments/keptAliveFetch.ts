import http from 'node:http';
import https from 'node:https';

/** How long an idle connection is kept for the next call (undici's default too), and the most open at once. */
const AGENT = { keepAlive: true, timeout: 4000, maxSockets: 64 };

/**
 * `fetch` over node:http(s) with kept-alive connections, for the Square SDK (its `fetch` option).
 * Node's own fetch (undici) runs each call through web streams and its request pipeline: a charge
 * through the SDK cost 0.80-0.88 ms of the API's CPU with it and 0.58-0.61 ms with this
 * (docs/orders.md, "Pay"). The body is sent as one write and the answer read whole into a Response.
 * It sends string bodies only (the SDK sends JSON) and asks for no compression, so the answer's
 * bytes are the body. A call whose kept connection the server had closed meanwhile (reset before
 * any answer) is sent once more on a new one, as Node's documentation advises; the SDK's calls that
 * change anything carry an idempotency key, so Square applies such a call once.
 */
export function keptAliveFetch(): typeof fetch {
  const transports = {
    'http:': { client: http, agent: new http.Agent(AGENT) },
    'https:': { client: https, agent: new https.Agent(AGENT) },
  };
  return (async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TypeError(`keptAliveFetch: ${url.protocol} is not http(s)`);
    const body = init.body ?? undefined;
    if (body !== undefined && typeof body !== 'string') throw new TypeError('keptAliveFetch sends string bodies only');
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, name) => {
      headers[name] = value;
    });
    if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
    const { client, agent } = transports[url.protocol];
    const options = { method: init.method ?? 'GET', headers, agent, signal: init.signal ?? undefined };
    try {
      return await send(client, url, options, body);
    } catch (e) {
      if (!(e instanceof StaleConnection)) throw e;
      return send(client, url, options, body);
    }
  }) as typeof fetch;
}

/** A kept connection the server closed while it was idle: nothing was answered on it. */
class StaleConnection extends Error {}

function send(client: typeof http | typeof https, url: URL, options: http.RequestOptions, body: string | undefined): Promise<Response> {
  return new Promise<Response>((resolve, reject) => {
    let answered = false;
    const request = client.request(url, options, (answer) => {
      answered = true;
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('error', reject);
      answer.on('end', () => {
        const status = answer.statusCode ?? 0;
        const pairs: [string, string][] = [];
        for (let i = 0; i < answer.rawHeaders.length; i += 2) pairs.push([answer.rawHeaders[i]!, answer.rawHeaders[i + 1]!]);
        const empty = status === 204 || status === 205 || status === 304;
        resolve(new Response(empty ? null : Buffer.concat(chunks), { status, statusText: answer.statusMessage ?? '', headers: pairs }));
      });
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      const stale = request.reusedSocket && !answered && error.code === 'ECONNRESET' && !options.signal?.aborted;
      reject(stale ? new StaleConnection(error.message) : error);
    });
    request.end(body);
  });
}
