import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { redisOptions, type RedisTarget } from './redisTarget.ts';

export const QUEUE_NAMES = ['email', 'marketplace', 'ebay-sync'] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];

export interface Queues {
  connection: Redis;
  prefix: string;
  queue(name: QueueName): Queue;
  counts(): Promise<Record<QueueName, Record<string, number>>>;
  close(): Promise<void>;
}

/** BullMQ needs maxRetriesPerRequest null on the connection its workers block on. */
export function redisConnection(target: string | RedisTarget): Redis {
  const resolved = typeof target === 'string' ? { url: target } : target;
  const options = redisOptions(resolved);
  return resolved.sentinels?.length ? new Redis(options) : new Redis(resolved.url, options);
}

export function openQueues(redis: string | RedisTarget, prefix = 'comicshop'): Queues {
  const connection = redisConnection(redis);
  connection.on('error', () => undefined);
  const queues = new Map(QUEUE_NAMES.map((n) => [n, new Queue(n, { connection, prefix })]));
  return {
    connection,
    prefix,
    queue: (name) => queues.get(name)!,
    async counts() {
      const entries = await Promise.all(
        QUEUE_NAMES.map(
          async (n) => [n, await queues.get(n)!.getJobCounts('waiting', 'active', 'delayed', 'failed', 'completed')] as const,
        ),
      );
      return Object.fromEntries(entries) as Record<QueueName, Record<string, number>>;
    },
    async close() {
      await Promise.all([...queues.values()].map((q) => q.close()));
      connection.disconnect();
    },
  };
}
