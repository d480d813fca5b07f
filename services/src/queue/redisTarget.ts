import type { RedisOptions } from 'ioredis';
import type { Config } from '../config/config.ts';

/** Where the shop's Redis is: one server by URL, or the primary that a set of Sentinels name. */
export interface RedisTarget {
  url: string;
  sentinels?: { host: string; port: number }[];
  sentinelName?: string;
}

export function redisTarget(config: Pick<Config, 'REDIS_URL' | 'REDIS_SENTINELS' | 'REDIS_SENTINEL_NAME'>): RedisTarget {
  if (!config.REDIS_SENTINELS) return { url: config.REDIS_URL };
  const sentinels = config.REDIS_SENTINELS.split(',').map((entry) => {
    const [host, port] = entry.trim().split(':');
    return { host: host!, port: Number(port) };
  });
  return { url: config.REDIS_URL, sentinels, sentinelName: config.REDIS_SENTINEL_NAME };
}

/**
 * ioredis options for a target. Through Sentinel, the client asks the Sentinels for the primary
 * whenever it (re)connects: a lost primary drops the connection, and a demoted one refuses writes
 * as read-only, which reconnects and sends them again. ioredis's failoverDetector is left off: its
 * switch-master handler disconnects the connector, and when that lands while a reconnect is asking
 * a Sentinel, ioredis ends the connection for good ("Connection is closed" on every command; seen
 * in about one failover in seven under load in redisSentinel.test.ts).
 */
export function redisOptions(target: RedisTarget): RedisOptions & { url?: string } {
  const common: RedisOptions = { maxRetriesPerRequest: null, enableReadyCheck: true, lazyConnect: false };
  if (!target.sentinels?.length) return common;
  const url = new URL(target.url);
  return {
    ...common,
    sentinels: target.sentinels,
    name: target.sentinelName ?? 'comicshop',
    failoverDetector: false,
    password: url.password ? decodeURIComponent(url.password) : undefined,
    username: url.username ? decodeURIComponent(url.username) : undefined,
    db: url.pathname.length > 1 ? Number(url.pathname.slice(1)) : 0,
    reconnectOnError: (error) => error.message.startsWith('READONLY'),
  };
}
