import type { Deps } from '../deps/deps.ts';
import type { Logger } from '../logging/logger.ts';
import { queueQuantityFlush, quantitySyncStatus } from '../marketplaceSync/quantitySync.ts';
import { recoverStalledCheckouts } from '../orders/checkoutRecovery.ts';

interface Task {
  name: string;
  everyMs: number;
  run(ctx: Deps, log: Logger): Promise<void>;
}

/** Periodic work of the worker process; each task runs again only after its previous run ended. */
export function startBackgroundTasks(ctx: Deps, log: Logger, tasks: Task[] = defaultTasks): { stop(): void } {
  const timers: NodeJS.Timeout[] = [];
  let stopped = false;
  for (const task of tasks) {
    const tick = async () => {
      if (stopped) return;
      try {
        await task.run(ctx, log);
      } catch (e) {
        log.error({ err: e, task: task.name }, 'background task failed');
      }
      if (!stopped) timers.push(setTimeout(tick, task.everyMs));
    };
    timers.push(setTimeout(tick, 1_000));
  }
  return {
    stop() {
      stopped = true;
      timers.forEach(clearTimeout);
    },
  };
}

/**
 * A checkout left half way (a crash after the hold) is finished or undone: every step is idempotent
 * and the charge is re-sent with the same idempotency key, so overlapping a live checkout is safe;
 * 30 s after it started, checked every 15 s, it is recovered within a minute of a restart.
 */
const defaultTasks: Task[] = [
  {
    name: 'checkout-recovery',
    everyMs: 15_000,
    run: async (ctx, log) => void (await recoverStalledCheckouts(ctx, { olderThanMs: 30_000, log })),
  },
  {
    // The reactor queues its flush before its transaction commits; a flush that ran first (or a
    // flush job Redis lost) would leave items marked until the next change. Every 30 s, any item
    // still marked gets a flush, so a listing is never more than a minute behind.
    name: 'ebay-quantity-watch',
    everyMs: 30_000,
    run: async (ctx) => {
      if (ctx.queues && (await quantitySyncStatus(ctx)).pending > 0) await queueQuantityFlush(ctx.queues.queue('ebay-sync'));
    },
  },
];
