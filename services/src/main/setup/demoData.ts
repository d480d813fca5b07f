import { demoDataMarkerDecider } from '@shop/domain/catalogue/demoDataMarker';
import { generateDemoCatalogue } from '@shop/domain/catalogue/index';
import { DomainError } from '@shop/domain/shared/decider';
import { SYSTEM_ACTOR } from '@shop/domain/shared/events';
import { randomUUID } from 'node:crypto';
import { storeDemoCovers } from '../../catalogue/demoCovers.ts';
import { appendCatalogue } from '../../catalogue/loadCatalogue.ts';
import type { ImageStorage } from '../../storage/imageStorage.ts';
import type { Logger } from '../../logging/logger.ts';
import type { EventStore } from '../../eventstore/types.ts';
import { handle } from '../../commands/handle.ts';

export const DEMO_SEED = 'comic-shop-demo';
const MARKER_STREAM = 'setup-demodata';

/** Loads the demo catalogue once: a marker stream records that it was loaded (or claimed by another process). */
export async function loadDemoDataOnFirstRun(
  store: EventStore,
  options: { items: number; images?: ImageStorage; log: Logger },
): Promise<void> {
  if (options.items <= 0) return;
  try {
    const metadata = {
      actor: SYSTEM_ACTOR('setup'),
      correlationId: randomUUID(),
      causationId: null,
      requestId: null,
      time: new Date().toISOString(),
    };
    await handle(
      { store, ids: randomUUID },
      demoDataMarkerDecider,
      MARKER_STREAM,
      { type: 'LoadDemoData', seed: DEMO_SEED, items: options.items },
      metadata,
    );
  } catch (e) {
    if (e instanceof DomainError && e.kind === 'conflict') return; // loaded on an earlier run
    throw e;
  }
  const started = Date.now();
  const generated = generateDemoCatalogue({ seed: DEMO_SEED, items: options.items, now: new Date() });
  // Covers first: the items then claim only the images that were stored (hasImage, images).
  const covers = options.images
    ? await storeDemoCovers(options.images, generated.stockItems, 4, (message) => options.log.warn(message))
    : null;
  const catalogue = covers ? { ...generated, stockItems: covers.items } : generated;
  await appendCatalogue(store, catalogue);
  options.log.info(
    `loaded demo data: ${catalogue.series.length} series, ${catalogue.batches.length} batches, ${catalogue.stockItems.length} items, ${covers?.stored ?? 0} cover images in ${Date.now() - started} ms`,
  );
}
