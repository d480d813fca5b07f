import { contentTypeOf, parseImageKey, type ImageFolder, type ImageStorage, type StoredObject } from './imageStorage.ts';
import { canonicalQuery, EMPTY_PAYLOAD_HASH, sha256Hex, signV4, uriEncode, type SigV4Credentials } from './sigv4.ts';

export interface S3Options extends SigV4Credentials {
  /** e.g. https://s3.ap-southeast-2.amazonaws.com, https://{account}.r2.cloudflarestorage.com, http://127.0.0.1:9000 */
  endpoint: string;
  bucket: string;
  /** Per-request time limit. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export class S3StorageError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'S3StorageError';
  }
}

const decodeXml = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)))
    .replace(/&amp;/g, '&');

/**
 * S3-compatible object storage over plain fetch, path-style addressing ({endpoint}/{bucket}/{key})
 * so it works with AWS, R2 and MinIO alike, each request signed with SigV4.
 */
export class S3ImageStorage implements ImageStorage {
  readonly kind = 's3' as const;
  private readonly base: URL;
  private readonly fetch: typeof fetch;

  constructor(private readonly options: S3Options) {
    this.base = new URL(options.endpoint);
    this.fetch = options.fetch ?? globalThis.fetch;
  }

  private async send(
    method: string,
    key: string | null,
    options: { query?: [string, string][]; body?: Buffer; headers?: Record<string, string> } = {},
  ): Promise<Response> {
    const basePath = this.base.pathname.replace(/\/+$/, '');
    const path = `${basePath}/${this.options.bucket}${key === null ? '' : `/${key}`}`;
    const payloadHash = options.body ? sha256Hex(options.body) : EMPTY_PAYLOAD_HASH;
    const signed = signV4(
      { method, host: this.base.host, path, query: options.query, headers: options.headers, payloadHash, date: new Date() },
      this.options,
    );
    const search = canonicalQuery(options.query);
    const target = `${this.base.origin}${uriEncode(path, true)}${search ? `?${search}` : ''}`;
    return this.fetch(target, {
      method,
      headers: signed.headers,
      body: options.body ? new Uint8Array(options.body) : undefined,
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 30_000),
    });
  }

  private async fail(response: Response, what: string): Promise<never> {
    const text = await response.text().catch(() => '');
    const code = /<Code>([^<]*)<\/Code>/.exec(text)?.[1] ?? '';
    throw new S3StorageError(response.status, `Image storage ${what} failed: ${response.status} ${code}`.trim());
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    parseImageKey(key);
    const response = await this.send('PUT', key, { body, headers: { 'content-type': contentType } });
    if (!response.ok) await this.fail(response, `upload of ${key}`);
    await response.arrayBuffer();
  }

  async get(key: string): Promise<StoredObject | null> {
    parseImageKey(key);
    const response = await this.send('GET', key);
    if (response.status === 404) {
      await response.arrayBuffer();
      return null;
    }
    if (!response.ok) await this.fail(response, `read of ${key}`);
    return { body: Buffer.from(await response.arrayBuffer()), contentType: response.headers.get('content-type') ?? contentTypeOf(key) };
  }

  async exists(key: string): Promise<boolean> {
    parseImageKey(key);
    const response = await this.send('HEAD', key);
    await response.arrayBuffer();
    if (response.status === 404) return false;
    if (!response.ok) throw new S3StorageError(response.status, `Image storage check of ${key} failed: ${response.status}`);
    return true;
  }

  async list(folder: ImageFolder): Promise<string[]> {
    const keys: string[] = [];
    let token: string | null = null;
    for (let page = 0; page < 10_000; page++) {
      const query: [string, string][] = [['list-type', '2'], ['prefix', `${folder}/`]];
      if (token) query.push(['continuation-token', token]);
      const response = await this.send('GET', null, { query });
      if (!response.ok) await this.fail(response, `listing of ${folder}`);
      const xml = await response.text();
      for (const match of xml.matchAll(/<Key>([^<]*)<\/Key>/g)) keys.push(decodeXml(match[1]!));
      const truncated = /<IsTruncated>true<\/IsTruncated>/.test(xml);
      token = truncated ? decodeXml(/<NextContinuationToken>([^<]*)<\/NextContinuationToken>/.exec(xml)?.[1] ?? '') : null;
      if (!token) break;
    }
    return keys;
  }

  async delete(key: string): Promise<void> {
    parseImageKey(key);
    const response = await this.send('DELETE', key);
    if (!response.ok && response.status !== 404) await this.fail(response, `delete of ${key}`);
    await response.arrayBuffer();
  }
}
