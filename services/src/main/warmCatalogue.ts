import type { FastifyInstance } from 'fastify';
import type { Logger } from '../logging/logger.ts';

/**
 * Before the API listens: the catalogue's browse index read, its search filed and its items' JSON
 * read (CatalogueCache.warm), so the first shoppers after a start or a deploy are answered from
 * memory, not from the database while the process builds them between requests. Should the database
 * fail here, the process starts anyway and builds them as requests come, as it would without this.
 */
export async function warmCatalogue(app: FastifyInstance, log: Logger): Promise<void> {
  const cache = app.catalogueAnswers?.cache;
  if (!cache) return;
  const started = performance.now();
  try {
    await cache.warm();
    const { browseIndexItems, searchIndexReady, itemsJson } = cache.stats();
    log.info({ items: browseIndexItems, searchIndexReady, itemsJson, ms: Math.round(performance.now() - started) }, 'catalogue warmed');
  } catch (error) {
    log.warn({ err: error }, 'catalogue not warmed at start (indexes, items JSON); made as requests come');
  }
}
