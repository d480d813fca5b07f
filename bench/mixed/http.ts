import http from 'node:http';
import { ACCEPT_ENCODING, decodedBody } from '../lib/decodedBody.ts';

/** One request's outcome: its status (0 when it failed without an answer) and how long it took. */
export interface Sent {
  status: number;
  ms: number;
  /** The answer's text, when asked for (`readBody`); otherwise the body is drained unread. */
  body: string | null;
  /** The network error, when there was no answer. */
  error: string | null;
}

export interface SendOptions {
  body?: unknown;
  headers?: Record<string, string>;
  /** Keep the answer's text (JSON calls); the load's catalogue requests only need the status. */
  readBody?: boolean;
  /** Connect from this local address (a fresh connection, outside the kept-alive pool). */
  localAddress?: string;
}

/**
 * A load generator's HTTP client on node:http with kept-alive connections (at most `maxSockets`),
 * which reads only the status unless asked for the body: the load shares the machine's two cores
 * with the shop, so it does as little as a browser's network stack would (no decompressing, no
 * parsing). A JSON call (`readBody`) takes brotli and gzip, as a browser's does, and is decompressed.
 * Never rejects: a failed request answers status 0 and its error.
 */
export class LoadClient {
  private readonly agent: http.Agent;
  private readonly base: URL;

  constructor(baseUrl: string, maxSockets: number) {
    this.agent = new http.Agent({ keepAlive: true, maxSockets });
    this.base = new URL(baseUrl);
  }

  send(method: string, path: string, options: SendOptions = {}): Promise<Sent> {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    // A JSON call takes brotli and gzip as a browser's does, so the shop compresses as it would for shoppers.
    const headers: Record<string, string | number> = options.readBody
      ? { 'accept-encoding': ACCEPT_ENCODING, ...options.headers }
      : { ...options.headers };
    if (payload !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = Buffer.byteLength(payload);
    }
    const started = performance.now();
    return new Promise((resolve) => {
      const done = (status: number, body: string | null, error: string | null) =>
        resolve({ status, ms: performance.now() - started, body, error });
      const req = http.request(
        {
          agent: options.localAddress ? false : this.agent,
          localAddress: options.localAddress,
          host: this.base.hostname,
          port: this.base.port,
          method,
          path: `${this.base.pathname.replace(/\/$/, '')}${path}`,
          headers,
        },
        (res) => {
          const status = res.statusCode ?? 0;
          if (!options.readBody) {
            res.on('end', () => done(status, null, null));
            res.on('error', (e) => done(0, null, e.message));
            res.resume();
            return;
          }
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            try {
              done(status, decodedBody(Buffer.concat(chunks), res.headers['content-encoding']), null);
            } catch (e) {
              done(0, null, `the answer does not decompress: ${(e as Error).message}`);
            }
          });
          res.on('error', (e) => done(0, null, e.message));
        },
      );
      req.on('error', (e) => done(0, null, e.message));
      req.end(payload);
    });
  }

  /** Sends a JSON call and parses its answer (null when the body is not JSON). */
  async json(method: string, path: string, options: Omit<SendOptions, 'readBody'> = {}): Promise<Sent & { data: unknown }> {
    const sent = await this.send(method, path, { ...options, readBody: true });
    let data: unknown = null;
    try {
      data = sent.body ? (JSON.parse(sent.body) as unknown) : null;
    } catch {
      data = null;
    }
    return { ...sent, data };
  }

  close(): void {
    this.agent.destroy();
  }
}
