/**
 * eBay's sales pulled on a schedule: the 'ebay-sales-pull' job, repeated every EBAY_SYNC_SECONDS by
 * a BullMQ job scheduler. It is update transactions without the admin: eBay's orders of the last
 * `updateTransactionsDays` days, each recorded once, written only when `updateTransactionsSave` is on.
 * It ends with a quantity flush, so an item a failed flush left marked is retried at least this often.
 */
import { SYSTEM_ACTOR, type EventMetadata } from '@shop/domain/shared/events';
import type { Queue } from 'bullmq';
import type { Deps } from '../deps/deps.ts';
import type { Marketplace } from '../marketplace/marketplace.ts';
import { readSiteSettings } from '../settings/siteSettings.ts';
import { EBAY_SYNC_JOBS, flushQuantities, type FlushResult } from './quantitySync.ts';
import { updateTransactions } from './transactions.ts';

export const EBAY_SALES_SCHEDULER_ID = 'ebay-sales-pull-every';

/** Creates or moves the schedule: one pull every `seconds` (the scheduler id makes it one across workers). */
export async function scheduleSalesPull(queue: Queue, seconds: number): Promise<void> {
  await queue.upsertJobScheduler(
    EBAY_SALES_SCHEDULER_ID,
    { every: seconds * 1000 },
    { name: EBAY_SYNC_JOBS.salesPull, data: {}, opts: { removeOnComplete: { count: 100 }, removeOnFail: { count: 1000 } } },
  );
}

export interface SalesPullResult {
  message: string;
  saved: boolean;
  recorded: number;
  alreadyRecorded: number;
  oversold: number;
  errors: number;
  quantities: FlushResult;
}

export async function pullMarketplaceSales(
  ctx: Pick<Deps, 'db' | 'store' | 'ids'>,
  marketplace: Marketplace,
  jobId: string | null = null,
): Promise<SalesPullResult> {
  const settings = await readSiteSettings(ctx);
  const time = new Date().toISOString();
  const metadata: EventMetadata = {
    actor: SYSTEM_ACTOR('ebay-sync'),
    correlationId: jobId ?? `ebay-sales-pull-${time}`,
    causationId: jobId,
    requestId: null,
    time,
  };
  const pulled = await updateTransactions(ctx, marketplace, {
    days: settings.updateTransactionsDays,
    save: settings.updateTransactionsSave,
    metadata,
  });
  const quantities = await flushQuantities(ctx, marketplace);
  return {
    message: pulled.message,
    saved: pulled.saved,
    recorded: pulled.recorded,
    alreadyRecorded: pulled.alreadyRecorded,
    oversold: pulled.oversold,
    errors: pulled.errors.length,
    quantities,
  };
}
