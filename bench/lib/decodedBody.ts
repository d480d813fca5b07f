import { brotliDecompressSync, gunzipSync } from 'node:zlib';

/** What a browser sends with every call: answers may come in brotli or gzip. */
export const ACCEPT_ENCODING = 'gzip, br';

/** An answer's text, decompressed as its content-encoding says. */
export function decodedBody(body: Buffer, contentEncoding: string | undefined): string {
  if (contentEncoding === 'br') return brotliDecompressSync(body).toString('utf8');
  if (contentEncoding === 'gzip') return gunzipSync(body).toString('utf8');
  return body.toString('utf8');
}
