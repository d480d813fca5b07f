import http from 'node:http';
import { ACCEPT_ENCODING, decodedBody } from './decodedBody.ts';

export interface JsonResponse {
  status: number;
  data: Record<string, any>;
}

/**
 * A JSON-over-HTTP client on node:http with kept-alive connections, for load generators: the load
 * shares the machine's two cores with the shop, and global fetch spends several times more CPU per
 * request (web streams) than the requests it measures need. It takes brotli and gzip as a browser
 * does, so the shop compresses its answers as it would for shoppers.
 */
export function jsonClient(baseUrl: string, maxSockets = 64) {
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  const base = new URL(baseUrl);
  return {
    request(method: string, path: string, body?: unknown): Promise<JsonResponse> {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      return new Promise((resolve, reject) => {
        const req = http.request(
          {
            agent,
            host: base.hostname,
            port: base.port,
            method,
            path: `${base.pathname.replace(/\/$/, '')}${path}`,
            headers: {
              'accept-encoding': ACCEPT_ENCODING,
              ...(payload === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
            },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => {
              let text: string;
              try {
                text = decodedBody(Buffer.concat(chunks), res.headers['content-encoding']);
              } catch (e) {
                reject(new Error(`${method} ${path}: ${res.statusCode} answered a body that does not decompress`, { cause: e }));
                return;
              }
              try {
                resolve({ status: res.statusCode ?? 0, data: text ? (JSON.parse(text) as Record<string, any>) : {} });
              } catch (e) {
                reject(new Error(`${method} ${path}: ${res.statusCode} answered ${text.slice(0, 200)}`, { cause: e }));
              }
            });
            res.on('error', reject);
          },
        );
        req.on('error', reject);
        req.end(payload);
      });
    },
    close: () => agent.destroy(),
  };
}
