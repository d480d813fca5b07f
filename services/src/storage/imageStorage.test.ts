import { createServer, type IncomingMessage, type Server } from 'node:http';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BadImageKeyError, imageFolderFor, imageKey, type ImageStorage } from './imageStorage.ts';
import { LocalImageStorage } from './localImageStorage.ts';
import { S3ImageStorage } from './s3ImageStorage.ts';
import { sha256Hex, signV4 } from './sigv4.ts';

/**
 * A small S3 stand-in: path-style objects in memory, ListObjectsV2 two keys a page, and every
 * request's SigV4 signature checked (a wrong secret is a 403 SignatureDoesNotMatch, as S3 answers).
 */
function fakeS3(secretAccessKey: string) {
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const read = (req: IncomingMessage) =>
    new Promise<Buffer>((resolve) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => resolve(Buffer.concat(chunks)));
    });
  const server: Server = createServer(async (req, res) => {
    const body = await read(req);
    const url = new URL(req.url!, 'http://x');
    const auth = String(req.headers.authorization ?? '');
    const signedNames = /SignedHeaders=([^,]+)/.exec(auth)?.[1]?.split(';') ?? [];
    const headers: Record<string, string> = {};
    for (const name of signedNames) if (!['host', 'x-amz-date', 'x-amz-content-sha256'].includes(name)) headers[name] = String(req.headers[name]);
    const amz = String(req.headers['x-amz-date']);
    const date = new Date(`${amz.slice(0, 4)}-${amz.slice(4, 6)}-${amz.slice(6, 8)}T${amz.slice(9, 11)}:${amz.slice(11, 13)}:${amz.slice(13, 15)}Z`);
    const expected = signV4(
      {
        method: req.method!,
        host: String(req.headers.host),
        path: decodeURIComponent(url.pathname),
        query: [...url.searchParams.entries()],
        headers,
        payloadHash: String(req.headers['x-amz-content-sha256']),
        date,
      },
      { accessKeyId: 'AK', secretAccessKey, region: 'auto' },
    );
    if (expected.headers.authorization !== auth || (body.length > 0 && sha256Hex(body) !== req.headers['x-amz-content-sha256'])) {
      res.writeHead(403).end('<Error><Code>SignatureDoesNotMatch</Code></Error>');
      return;
    }
    const [, bucket, ...rest] = decodeURIComponent(url.pathname).split('/');
    const key = rest.join('/');
    if (bucket !== 'images') return void res.writeHead(404).end('<Error><Code>NoSuchBucket</Code></Error>');
    if (req.method === 'GET' && key === '') {
      const prefix = url.searchParams.get('prefix') ?? '';
      const all = [...objects.keys()].filter((k) => k.startsWith(prefix)).sort();
      const start = Number(url.searchParams.get('continuation-token') ?? 0);
      const page = all.slice(start, start + 2);
      const more = start + 2 < all.length;
      res.writeHead(200, { 'content-type': 'application/xml' }).end(
        `<ListBucketResult>${page.map((k) => `<Contents><Key>${k}</Key></Contents>`).join('')}<IsTruncated>${more}</IsTruncated>${more ? `<NextContinuationToken>${start + 2}</NextContinuationToken>` : ''}</ListBucketResult>`,
      );
      return;
    }
    if (req.method === 'PUT') {
      objects.set(key, { body, contentType: String(req.headers['content-type']) });
      return void res.writeHead(200).end();
    }
    const object = objects.get(key);
    if (req.method === 'DELETE') {
      objects.delete(key);
      return void res.writeHead(204).end();
    }
    if (!object) return void res.writeHead(404).end(req.method === 'HEAD' ? undefined : '<Error><Code>NoSuchKey</Code></Error>');
    res.writeHead(200, { 'content-type': object.contentType }).end(req.method === 'HEAD' ? undefined : object.body);
  });
  return { server, objects };
}

function contract(name: string, make: () => Promise<ImageStorage>) {
  describe(`${name} image storage`, () => {
    let storage: ImageStorage;
    beforeAll(async () => {
      storage = await make();
    });

    it('stores, reads, lists and deletes images by {folder}/{file}', async () => {
      const body = Buffer.from('RIFF....WEBPVP8 fake');
      expect(await storage.exists('diamond/NOV260001.webp')).toBe(false);
      expect(await storage.get('diamond/NOV260001.webp')).toBeNull();
      await storage.put('diamond/NOV260001.webp', body, 'image/webp');
      await storage.put('diamond/NOV260002.webp', body, 'image/webp');
      await storage.put('diamond/NOV260003.webp', body, 'image/webp');
      await storage.put('games/CATAN.webp', body, 'image/webp');
      expect(await storage.exists('diamond/NOV260001.webp')).toBe(true);
      const got = await storage.get('diamond/NOV260001.webp');
      expect(got?.body.equals(body)).toBe(true);
      expect(got?.contentType).toBe('image/webp');
      expect((await storage.list('diamond')).sort()).toEqual(['diamond/NOV260001.webp', 'diamond/NOV260002.webp', 'diamond/NOV260003.webp']);
      expect(await storage.list('backissues')).toEqual([]);
      await storage.delete('diamond/NOV260002.webp');
      expect(await storage.exists('diamond/NOV260002.webp')).toBe(false);
    });

    it.each(['../etc/passwd', 'diamond/../../x.webp', 'other/x.webp', 'diamond/', 'diamond/.hidden', 'diamond/a/b.webp'])(
      'refuses the key %s',
      async (key) => {
        await expect(storage.put(key, Buffer.from('x'), 'image/webp')).rejects.toBeInstanceOf(BadImageKeyError);
        await expect(storage.get(key)).rejects.toBeInstanceOf(BadImageKeyError);
      },
    );
  });
}

let dir: string;
const fake = fakeS3('secret-key');
let endpoint = '';
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'images-'));
  await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
  const address = fake.server.address() as { port: number };
  endpoint = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  await new Promise((resolve) => fake.server.close(resolve));
});

contract('local', async () => new LocalImageStorage(dir));
contract('S3-compatible', async () => new S3ImageStorage({ endpoint, bucket: 'images', region: 'auto', accessKeyId: 'AK', secretAccessKey: 'secret-key' }));

describe('the local folder', () => {
  it('writes atomically: no temp files are left behind', async () => {
    const storage = new LocalImageStorage(dir);
    await storage.put('backissues/BI1.webp', Buffer.from('x'), 'image/webp');
    expect(await readdir(path.join(dir, 'backissues'))).toEqual(['BI1.webp']);
  });
});

describe('the S3 adapter', () => {
  it('reports a refused signature clearly', async () => {
    const wrong = new S3ImageStorage({ endpoint, bucket: 'images', region: 'auto', accessKeyId: 'AK', secretAccessKey: 'wrong' });
    await expect(wrong.put('diamond/X.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(/403 SignatureDoesNotMatch/);
  });
});

describe('image folders', () => {
  it('puts new and pre-order comics in diamond, back issues in backissues, games and accessories in games', () => {
    expect(imageFolderFor('comic', 'new')).toBe('diamond');
    expect(imageFolderFor('comic', 'pre-order')).toBe('diamond');
    expect(imageFolderFor('comic', 'back-issue')).toBe('backissues');
    expect(imageFolderFor('comic', 'vintage')).toBe('backissues');
    expect(imageFolderFor('game', 'new')).toBe('games');
    expect(imageFolderFor('accessory', 'new')).toBe('games');
    expect(imageKey('diamond', 'NOV260001')).toBe('diamond/NOV260001.webp');
  });
});
