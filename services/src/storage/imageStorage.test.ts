import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BadImageKeyError, imageFolderFor, imageKey, type ImageStorage } from './imageStorage.ts';
import { LocalImageStorage } from './localImageStorage.ts';
import { S3ImageStorage } from './s3ImageStorage.ts';
import { S3_STAND_IN_KEY, startS3StandIn, type S3StandIn } from '../testing/s3StandIn.ts';

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
      expect((await storage.list('diamond')).sort()).toEqual([
        'diamond/NOV260001.webp',
        'diamond/NOV260002.webp',
        'diamond/NOV260003.webp',
      ]);
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
let s3: S3StandIn;
const s3Storage = (accessKeyId = S3_STAND_IN_KEY, bucket = 'images') =>
  new S3ImageStorage({ endpoint: s3.endpoint, bucket, region: 'us-east-1', accessKeyId, secretAccessKey: S3_STAND_IN_KEY });
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'images-'));
  s3 = await startS3StandIn(['images']);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  await s3.close();
});

contract('local', async () => new LocalImageStorage(dir));
contract('S3-compatible (s3rver)', async () => s3Storage());

describe('the local folder', () => {
  it('writes atomically: no temp files are left behind', async () => {
    const storage = new LocalImageStorage(dir);
    await storage.put('backissues/BI1.webp', Buffer.from('x'), 'image/webp');
    expect(await readdir(path.join(dir, 'backissues'))).toEqual(['BI1.webp']);
  });
});

describe('the S3 adapter', () => {
  it('reports refused credentials and a missing bucket clearly', async () => {
    await expect(s3Storage('UNKNOWN').put('diamond/X.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(
      'Image storage upload of diamond/X.webp failed: 403 InvalidAccessKeyId',
    );
    await expect(s3Storage(S3_STAND_IN_KEY, 'no-such-bucket').list('diamond')).rejects.toThrow(
      'Image storage listing of diamond failed: 404 NoSuchBucket',
    );
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
