import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** s3rver's fixed credentials: it refuses any other signature with 403 SignatureDoesNotMatch. */
export const S3_STAND_IN_KEY = 'S3RVER';

export interface S3StandIn {
  endpoint: string;
  close(): Promise<void>;
}

/** A local S3 (s3rver) on a free loopback port, objects in a temporary folder, with the given buckets. */
export async function startS3StandIn(buckets: string[]): Promise<S3StandIn> {
  const directory = await mkdtemp(path.join(tmpdir(), 's3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: buckets.map((name) => ({ name })),
  });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
