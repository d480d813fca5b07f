import { batchDecider, stockItemDecider, type DemoCatalogue } from '@shop/domain/catalogue/index';
import { SYSTEM_ACTOR, type EventMetadata } from '@shop/domain/shared/events';
import { randomUUID } from 'node:crypto';
import { streamId } from '../eventstore/streamIds.ts';
import type { EventStore } from '../eventstore/types.ts';

/**
 * Appends a generated catalogue through the same deciders the admin uses (CreateBatch, AddStockItem),
 * one stream per batch and per item, `concurrency` appends at a time.
 */
export async function appendCatalogue(
  store: EventStore,
  catalogue: DemoCatalogue,
  options: { concurrency?: number; actor?: string } = {},
): Promise<void> {
  const metadata = (): EventMetadata => ({
    actor: SYSTEM_ACTOR(options.actor ?? 'demo-data'),
    correlationId: randomUUID(),
    causationId: null,
    requestId: null,
    time: new Date().toISOString(),
  });
  for (const batch of catalogue.batches) {
    const { batchId, ...fields } = batch;
    const events = batchDecider.decide({ type: 'CreateBatch', data: { batchId, batch: fields } }, batchDecider.initialState());
    await store.append(streamId('batch', batchId), 'batch', events.map((e) => ({ ...e, metadata: metadata() })), 'no_stream');
  }
  let next = 0;
  const worker = async () => {
    while (next < catalogue.stockItems.length) {
      const { stockItemId, ...item } = catalogue.stockItems[next++]!;
      const events = stockItemDecider.decide({ type: 'AddStockItem', data: { stockItemId, item } }, stockItemDecider.initialState());
      await store.append(streamId('stock', stockItemId), 'stock', events.map((e) => ({ ...e, metadata: metadata() })), 'no_stream');
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 8 }, worker));
}
