import type { RateLimitPluginOptions } from '@fastify/rate-limit';
import type { AppContext } from './context.ts';

/**
 * Rate limits counted in Redis, so N API processes behind a balancer still allow each limit once.
 * Without queues (some tests) the counts stay in the process. When Redis does not answer, requests
 * go through rather than fail: the shop stays up and the limit comes back with Redis.
 */
export function sharedRateLimitStore(ctx: Pick<AppContext, 'queues' | 'config'>): Partial<RateLimitPluginOptions> {
  if (!ctx.queues) return {};
  return { redis: ctx.queues.connection, nameSpace: `${ctx.config.QUEUE_PREFIX}:rate-limit:`, skipOnError: true };
}
