import { UnrecoverableError, Worker, type ConnectionOptions } from 'bullmq';
import type { Deps } from '../deps/deps.ts';
import { MarketplaceAuthError, type Marketplace } from '../marketplace/marketplace.ts';
import { EBAY_SYNC_JOBS, flushQuantities, queueQuantityFlush } from '../marketplaceSync/quantitySync.ts';
import { pullMarketplaceSales } from '../marketplaceSync/salesPull.ts';
import type { Queues } from '../queue/queues.ts';

export interface EbaySyncWorkerDeps {
  ctx: Pick<Deps, 'db' | 'store' | 'ids' | 'marketplace'>;
  queues: Pick<Queues, 'queue'>;
  marketplace?: Marketplace;
  flushDelayMs?: number;
}

/**
 * Runs the 'ebay-sync' queue one job at a time: quantity flushes (queued by the eBay quantity
 * reactor) and the scheduled sales pull. Its own queue, so a long batch upload on 'marketplace'
 * never holds a listing's quantity back.
 */
export function startEbaySyncWorker(connection: ConnectionOptions, prefix: string, deps: EbaySyncWorkerDeps): Worker {
  const marketplace = deps.marketplace ?? deps.ctx.marketplace;
  return new Worker(
    'ebay-sync',
    async (job) => {
      try {
        if (job.name === EBAY_SYNC_JOBS.quantities) {
          const result = await flushQuantities(deps.ctx, marketplace);
          // Items changed while it ran (or past its limit) get the next flush.
          if (result.remaining > 0) await queueQuantityFlush(deps.queues.queue('ebay-sync'), deps.flushDelayMs);
          return result;
        }
        if (job.name === EBAY_SYNC_JOBS.salesPull) return await pullMarketplaceSales(deps.ctx, marketplace, job.id ?? null);
      } catch (e) {
        if (e instanceof MarketplaceAuthError) throw new UnrecoverableError(`eBay refused the shop's credentials: ${e.message}`);
        throw e;
      }
      throw new UnrecoverableError(`unknown ebay-sync job ${job.name}`);
    },
    { connection, prefix, concurrency: 1 },
  );
}
