import autocannon from 'autocannon';
import { ACCEPT_ENCODING } from './decodedBody.ts';

export interface LoadResult {
  label: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/**
 * autocannon against one request shape, taking brotli and gzip as a browser does (the shop's own web
 * app always does); prints and answers requests/s and latency percentiles.
 */
export async function load(
  label: string,
  options: { url: string; method?: 'GET' | 'PUT' | 'POST'; body?: unknown; connections?: number; seconds?: number },
): Promise<LoadResult> {
  const result = await autocannon({
    url: options.url,
    method: options.method ?? 'GET',
    connections: options.connections ?? 50,
    duration: options.seconds ?? 10,
    headers: { 'accept-encoding': ACCEPT_ENCODING, ...(options.body ? { 'content-type': 'application/json' } : {}) },
    body: options.body ? JSON.stringify(options.body) : undefined,
  });
  const r: LoadResult = {
    label,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
  console.log(
    `  ${label.padEnd(34)} ${Math.round(r.requestsPerSecond).toLocaleString('en-AU').padStart(7)} req/s   p50 ${String(r.p50).padStart(4)} ms   p99 ${String(r.p99).padStart(4)} ms` +
      (r.errors || r.non2xx ? `   (${r.errors} errors, ${r.non2xx} non-2xx)` : ''),
  );
  return r;
}
