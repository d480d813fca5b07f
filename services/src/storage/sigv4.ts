/**
 * AWS Signature Version 4 for S3-compatible storage (AWS S3, Cloudflare R2, MinIO, Backblaze B2...),
 * written against AWS's "Signature Calculations for the Authorization Header" (the test in
 * sigv4.test.ts checks AWS's published example signatures). Header-based signing, one request.
 */
import { createHash, createHmac } from 'node:crypto';

export interface SigV4Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  service?: string;
}

export interface SigV4Request {
  method: string;
  /** host[:port] exactly as the request sends it. */
  host: string;
  /** The raw (not yet encoded) path, e.g. '/bucket/diamond/NOV26 0001.webp'. */
  path: string;
  query?: readonly (readonly [string, string])[];
  /** Headers to sign besides host, x-amz-date and x-amz-content-sha256 (added here). */
  headers?: Record<string, string>;
  /** Hex SHA-256 of the body ('e3b0...' for none), or 'UNSIGNED-PAYLOAD'. */
  payloadHash: string;
  date: Date;
}

export const EMPTY_PAYLOAD_HASH = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

export const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();

/** RFC 3986 encoding: everything but A-Z a-z 0-9 - _ . ~ (and '/' in paths when `keepSlash`). */
export function uriEncode(text: string, keepSlash = false): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const ch = String.fromCharCode(byte);
    if (/[A-Za-z0-9\-_.~]/.test(ch) || (keepSlash && ch === '/')) out += ch;
    else out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

export const amzDate = (date: Date) => date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

export function canonicalQuery(query: readonly (readonly [string, string])[] = []): string {
  return query
    .map(([k, v]) => [uriEncode(k), uriEncode(v)] as const)
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
}

export function signingKey(secretAccessKey: string, day: string, region: string, service: string): Buffer {
  return hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, day), region), service), 'aws4_request');
}

export interface SignedHeaders {
  /** Every header to send (except host, which fetch sets from the URL): authorization, x-amz-date, x-amz-content-sha256 and the ones given. */
  headers: Record<string, string>;
  canonicalRequest: string;
  stringToSign: string;
  signature: string;
}

export function signV4(request: SigV4Request, credentials: SigV4Credentials): SignedHeaders {
  const service = credentials.service ?? 's3';
  const stamp = amzDate(request.date);
  const day = stamp.slice(0, 8);
  const all: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers ?? {})) all[name.toLowerCase()] = value;
  all.host = request.host;
  all['x-amz-date'] = stamp;
  all['x-amz-content-sha256'] = request.payloadHash;
  const names = Object.keys(all).sort();
  const canonicalHeaders = names.map((n) => `${n}:${all[n]!.trim().replace(/\s+/g, ' ')}\n`).join('');
  const signedHeaders = names.join(';');
  const canonicalRequest = [
    request.method.toUpperCase(),
    uriEncode(request.path, true),
    canonicalQuery(request.query),
    canonicalHeaders,
    signedHeaders,
    request.payloadHash,
  ].join('\n');
  const scope = `${day}/${credentials.region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', stamp, scope, sha256Hex(canonicalRequest)].join('\n');
  const signature = createHmac('sha256', signingKey(credentials.secretAccessKey, day, credentials.region, service))
    .update(stringToSign, 'utf8')
    .digest('hex');
  const headers: Record<string, string> = { ...all };
  delete headers.host;
  headers.authorization = `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
  return { headers, canonicalRequest, stringToSign, signature };
}
