import http from 'node:http';

export interface JsonResponse {
  status: number;
  data: Record<string, any>;
}

/**
 * A JSON-over-HTTP client on node:http with kept-alive connections, for load generators: the load
 * shares the machine's two cores with the shop, and global fetch spends several times more CPU per
 * request (web streams) than the requests it measures need.
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
            headers: payload === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => {
              const text = Buffer.concat(chunks).toString('utf8');
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
