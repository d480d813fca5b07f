import { UnrecoverableError, Worker, type ConnectionOptions } from 'bullmq';
import type { Deps } from '../deps/deps.ts';
import { MarketplaceAuthError, MarketplaceRateLimitError, type Marketplace } from '../marketplace/marketplace.ts';
import {
  BATCH_JOB_BACKOFF_TYPE,
  BATCH_JOB_NAMES,
  BATCH_JOB_RETRY_DELAY_MS,
  batchJobDataSchema,
  runBatchJob,
  type BatchProgress,
} from '../marketplaceSync/batchJobs.ts';

export interface MarketplaceWorkerDeps {
  ctx: Pick<Deps, 'db' | 'store' | 'config' | 'ids' | 'clock' | 'marketplace'>;
  /** The marketplace adapter; by default the process's (Deps.marketplace). */
  marketplace?: Marketplace;
  /** First retry delay (then doubling, at most 10 minutes); eBay's Retry-After wins when it sends one. */
  retryDelayMs?: number;
}

const MAX_RETRY_DELAY_MS = 10 * 60_000;

/** The delay before a failed batch job's next attempt. */
export function marketplaceBackoff(attemptsMade: number, baseMs: number, error: unknown): number {
  if (error instanceof MarketplaceRateLimitError && error.retryAfterMs !== null)
    return Math.min(MAX_RETRY_DELAY_MS, Math.max(baseMs, error.retryAfterMs));
  return Math.min(MAX_RETRY_DELAY_MS, baseMs * 2 ** Math.max(0, attemptsMade - 1));
}

/**
 * Runs the 'marketplace' queue's jobs (upload-batch, refresh-batch) one at a time: eBay's call limits
 * are per seller, so parallel batches would only slow each other down. Rate limits and eBay's own
 * failures are retried with backoff; refused credentials and malformed jobs fail at once.
 */
export function startMarketplaceWorker(connection: ConnectionOptions, prefix: string, deps: MarketplaceWorkerDeps): Worker {
  const marketplace = deps.marketplace ?? deps.ctx.marketplace;
  const baseMs = deps.retryDelayMs ?? BATCH_JOB_RETRY_DELAY_MS;
  return new Worker(
    'marketplace',
    async (job) => {
      if (job.name !== BATCH_JOB_NAMES.upload && job.name !== BATCH_JOB_NAMES.refresh) {
        throw new UnrecoverableError(`unknown marketplace job ${job.name}`);
      }
      const parsed = batchJobDataSchema.safeParse(job.data);
      if (!parsed.success) throw new UnrecoverableError(`malformed marketplace job: ${parsed.error.issues[0]?.message ?? 'bad data'}`);
      try {
        return await runBatchJob(
          { ctx: deps.ctx, marketplace },
          { id: job.id, data: parsed.data, progress: job.progress, updateProgress: (p: BatchProgress) => job.updateProgress(p) },
        );
      } catch (e) {
        if (e instanceof MarketplaceAuthError) throw new UnrecoverableError(`eBay refused the shop's credentials: ${e.message}`);
        throw e;
      }
    },
    {
      connection,
      prefix,
      concurrency: 1,
      settings: {
        backoffStrategy: (attemptsMade: number, type?: string, error?: Error) =>
          type === BATCH_JOB_BACKOFF_TYPE
            ? marketplaceBackoff(attemptsMade, baseMs, error)
            : marketplaceBackoff(attemptsMade, baseMs, undefined),
      },
    },
  );
}
