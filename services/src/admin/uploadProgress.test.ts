import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { UploadProgressStore } from './uploadProgress.ts';

const connection = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
afterAll(() => connection.disconnect());

describe('upload progress in Redis', () => {
  it('is readable from another process (another store on the same Redis)', async () => {
    const redis = { connection, prefix: `upload-progress-test-${process.pid}` };
    const taker = new UploadProgressStore<{ imported: number }>(redis);
    const other = new UploadProgressStore<{ imported: number }>(redis);
    const { jobId, progress } = taker.start(10);
    const read = async () => {
      const deadline = Date.now() + 2000;
      for (;;) {
        const seen = await other.get(jobId);
        if (seen?.done || Date.now() > deadline) return seen;
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    expect((await other.get(jobId))?.total).toBe(10);
    progress.processed = 10;
    progress.result = { imported: 10 };
    progress.done = true;
    taker.changed(jobId);
    expect(await read()).toMatchObject({ processed: 10, total: 10, done: true, failed: false, result: { imported: 10 } });
    expect(await other.get('00000000-0000-4000-8000-000000000000')).toBeUndefined();
    expect(await connection.pttl(`${redis.prefix}:upload-progress:${jobId}`)).toBeGreaterThan(0);
  });
});
