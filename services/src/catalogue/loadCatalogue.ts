import { batchDecider, stockItemDecider, type DemoCatalogue } from '@shop/domain/catalogue/index';
import { seriesDecider } from '@shop/domain/series/index';
import { SYSTEM_ACTOR, type EventMetadata } from '@shop/domain/shared/events';
import { randomUUID } from 'node:crypto';
import { streamId } from '../eventstore/streamIds.ts';
import { append, decision } from '../commands/handle.ts';
import type { EventStore } from '../eventstore/types.ts';

/**
 * Appends a generated catalogue through the same deciders the admin uses (StartSeries, CreateBatch, AddStockItem),
 * one stream per batch and per item, `concurrency` appends at a time. A bulk loader: new streams
 * only, so the handler's append step without its retry (a stream that exists is an error).
 */
export async function appendCatalogue(
  store: EventStore,
  catalogue: DemoCatalogue,
  options: { concurrency?: number; actor?: string } = {},
): Promise<void> {
  const deps = { store, ids: randomUUID };
  const metadata = (): EventMetadata => ({
    actor: SYSTEM_ACTOR(options.actor ?? 'demo-data'),
    correlationId: randomUUID(),
    causationId: null,
    requestId: null,
    time: new Date().toISOString(),
  });
  for (const { seriesId, ...series } of catalogue.series) {
    const events = seriesDecider.decide({ type: 'StartSeries', data: { seriesId, series } }, seriesDecider.initialState());
    await append(deps, [decision(seriesDecider, streamId('series', seriesId), 0, events)], metadata());
  }
  for (const batch of catalogue.batches) {
    const { batchId, ...fields } = batch;
    const events = batchDecider.decide({ type: 'CreateBatch', data: { batchId, batch: fields } }, batchDecider.initialState());
    await append(deps, [decision(batchDecider, streamId('batch', batchId), 0, events)], metadata());
  }
  let next = 0;
  const worker = async () => {
    while (next < catalogue.stockItems.length) {
      const { stockItemId, ...item } = catalogue.stockItems[next++]!;
      const events = stockItemDecider.decide({ type: 'AddStockItem', data: { stockItemId, item } }, stockItemDecider.initialState());
      await append(deps, [decision(stockItemDecider, streamId('stock', stockItemId), 0, events)], metadata());
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 8 }, worker));
}
