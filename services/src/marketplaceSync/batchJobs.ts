/**
 * Batch upload and refresh, run as jobs on the 'marketplace' queue with progress.
 *
 * - upload-batch: every item of the batch with copies free is listed with min(quantity, free), or
 *   its listing revised when it has one (idempotent: a retried job revises what it listed).
 * - refresh-batch: every listed item of the batch gets its price, quantity and title set again.
 * An item eBay refuses (a validation error: no picture, bad value) is reported in the job's result
 * and the job goes on; a rate limit or a failure of eBay itself fails the job, which is retried
 * with backoff and resumes where it stopped; refused credentials fail it without retries.
 */
import { randomUUID } from 'node:crypto';
import { availableQuantity, stockItemName } from '@shop/domain/catalogue/index';
import { DomainError } from '@shop/domain/shared/decider';
import type { Actor, EventMetadata } from '@shop/domain/shared/events';
import type { Queue } from 'bullmq';
import { z } from 'zod';
import type { Deps } from '../deps/deps.ts';
import {
  ListingNotFoundError,
  MarketplaceAuthError,
  MarketplaceError,
  MarketplaceRateLimitError,
  type Marketplace,
} from '../marketplace/marketplace.ts';
import { refreshListing, uploadListing, type SyncDeps } from './listings.ts';
import { loadStockItem } from './stockItems.ts';

export const BATCH_JOB_NAMES = { upload: 'upload-batch', refresh: 'refresh-batch' } as const;
export type BatchAction = keyof typeof BATCH_JOB_NAMES;

/** Attempts of a batch job, and the first retry's delay (doubling each time, or eBay's Retry-After). */
export const BATCH_JOB_ATTEMPTS = 5;
export const BATCH_JOB_RETRY_DELAY_MS = 5_000;
export const BATCH_JOB_BACKOFF_TYPE = 'marketplace';

const actorSchema = z.union([
  z.object({ kind: z.literal('user'), userId: z.string(), email: z.string(), name: z.string() }),
  z.object({ kind: z.literal('guest') }),
  z.object({ kind: z.literal('system'), name: z.string() }),
]);

export const batchJobDataSchema = z.object({
  action: z.enum(['upload', 'refresh']),
  batchId: z.string().min(1),
  batchName: z.string(),
  quantity: z.number().int().min(1),
  actor: actorSchema,
  correlationId: z.string().min(1),
});
export type BatchJobData = z.infer<typeof batchJobDataSchema>;

export interface BatchProgress {
  done: number;
  total: number;
  percent: number;
  listed: number;
  revised: number;
  refreshed: number;
  skipped: number;
  failed: number;
}

export interface BatchItemReport {
  _id: string;
  name: string;
  reason: string;
}

export interface BatchJobResult extends BatchProgress {
  message: string;
  batchName: string;
  quantity: number;
  skippedItems: BatchItemReport[];
  failedItems: BatchItemReport[];
}

/** Adds the job; its id is new each time (each press of the button is its own job). */
export async function enqueueBatchJob(queue: Queue, data: BatchJobData): Promise<string> {
  const jobId = `${BATCH_JOB_NAMES[data.action]}-${randomUUID()}`;
  await queue.add(BATCH_JOB_NAMES[data.action], data, {
    jobId,
    attempts: BATCH_JOB_ATTEMPTS,
    backoff: { type: BATCH_JOB_BACKOFF_TYPE, delay: BATCH_JOB_RETRY_DELAY_MS },
    removeOnComplete: { age: 30 * 24 * 3600 },
    removeOnFail: false,
  });
  return jobId;
}

/** An error about one item (the job goes on) rather than about eBay or our credentials (the job fails). */
export function isItemError(e: unknown): boolean {
  if (e instanceof MarketplaceRateLimitError || e instanceof MarketplaceAuthError) return false;
  if (e instanceof DomainError || e instanceof ListingNotFoundError) return true;
  if (e instanceof MarketplaceError) {
    if (e.status === null) return e.cause === undefined; // our own check of the listing, not an unreachable eBay
    return e.status >= 400 && e.status < 500 && e.status !== 401 && e.status !== 429;
  }
  return false;
}

export interface BatchRunner {
  ctx: Pick<Deps, 'db' | 'store' | 'config' | 'ids' | 'clock'>;
  marketplace: Marketplace;
}

export interface BatchJobHandle {
  id?: string | undefined;
  data: BatchJobData;
  /** The progress the last attempt reached (BullMQ keeps it across retries). */
  progress: unknown;
  updateProgress(progress: BatchProgress): Promise<void>;
}

const percentOf = (done: number, total: number) => (total === 0 ? 100 : Math.round((done / total) * 100));

function resumeFrom(progress: unknown, total: number): BatchProgress | null {
  const parsed = z
    .object({
      done: z.number(),
      total: z.number(),
      listed: z.number(),
      revised: z.number(),
      refreshed: z.number(),
      skipped: z.number(),
      failed: z.number(),
    })
    .safeParse(progress);
  if (!parsed.success || parsed.data.total !== total || parsed.data.done > total) return null;
  return { ...parsed.data, percent: percentOf(parsed.data.done, total) };
}

/** Runs one batch job: the batch's items in title order, progress after each. */
export async function runBatchJob(runner: BatchRunner, job: BatchJobHandle): Promise<BatchJobResult> {
  const data = job.data;
  const ids = (
    await runner.ctx.db
      .selectFrom('stock_items')
      .select('stock_item_id')
      .where('batch_id', '=', data.batchId)
      .orderBy('sort_title')
      .orderBy('stock_item_id')
      .execute()
  ).map((r) => r.stock_item_id);
  const total = ids.length;
  // A retried job goes on from the item it stopped at (earlier items are done; redoing them is harmless).
  const progress: BatchProgress = resumeFrom(job.progress, total) ?? {
    done: 0,
    total,
    percent: percentOf(0, total),
    listed: 0,
    revised: 0,
    refreshed: 0,
    skipped: 0,
    failed: 0,
  };
  const skippedItems: BatchItemReport[] = [];
  const failedItems: BatchItemReport[] = [];
  const metadata = (): EventMetadata => ({
    actor: data.actor as Actor,
    correlationId: data.correlationId,
    causationId: job.id ?? null,
    requestId: null,
    time: runner.ctx.clock().toISOString(),
  });
  await job.updateProgress(progress);

  for (let index = progress.done; index < total; index++) {
    const id = ids[index]!;
    const item = await loadStockItem(runner.ctx, id);
    const deps: SyncDeps = { ctx: runner.ctx, marketplace: runner.marketplace, metadata: metadata() };
    if (!item) {
      progress.skipped++;
      skippedItems.push({ _id: id, name: id, reason: 'deleted' });
    } else {
      const name = stockItemName(item.state.item);
      const listed = Boolean(item.state.item.ebayListingId || item.state.item.ebaySku);
      try {
        if (data.action === 'upload') {
          if (availableQuantity(item.state) < 1) {
            progress.skipped++;
            skippedItems.push({ _id: id, name, reason: 'none in stock' });
          } else {
            const outcome = await uploadListing(deps, item, data.quantity);
            if (outcome.action === 'revised') progress.revised++;
            else progress.listed++;
          }
        } else if (!listed) {
          progress.skipped++;
          skippedItems.push({ _id: id, name, reason: 'not listed on eBay' });
        } else {
          await refreshListing(deps, item, data.quantity);
          progress.refreshed++;
        }
      } catch (e) {
        if (!isItemError(e)) throw e;
        progress.failed++;
        failedItems.push({ _id: id, name, reason: e instanceof Error ? e.message : String(e) });
      }
    }
    progress.done = index + 1;
    progress.percent = percentOf(progress.done, total);
    await job.updateProgress({ ...progress });
  }

  const parts =
    data.action === 'upload' ? [`listed ${progress.listed}`, `revised ${progress.revised}`] : [`refreshed ${progress.refreshed}`];
  parts.push(`skipped ${progress.skipped}`, `failed ${progress.failed}`);
  return {
    ...progress,
    message: `${data.action === 'upload' ? 'Upload' : 'Refresh'} of batch ${data.batchName} (quantity ${data.quantity}): ${total} items, ${parts.join(', ')}.`,
    batchName: data.batchName,
    quantity: data.quantity,
    skippedItems,
    failedItems,
  };
}
