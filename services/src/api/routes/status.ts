import { projectionLag } from '@shop/projections/runner/lag';
import type { FastifyInstance } from 'fastify';
import { allReactors } from '../../reactors/index.ts';
import type { CatalogueCacheStats } from '../../catalogue/catalogueCache.ts';
import { searchTermsBacklog } from '../../orders/searchTermsSoon.ts';
import type { AppContext } from '../context.ts';
import { settingsCalls } from '@shop/domain/contract/settings';

export async function systemStatus(ctx: AppContext, catalogueCache: CatalogueCacheStats | null = null) {
  const [projections, events, queues] = await Promise.all([
    // Reactors are listed with the projectors: their lag is how far job-making is behind the log.
    projectionLag(ctx.db, ctx.store, [...ctx.projectors, ...(ctx.queues ? allReactors(ctx, ctx.queues) : [])]),
    ctx.store.countAfter(null),
    ctx.queues ? ctx.queues.counts().catch(() => null) : Promise.resolve(null),
  ]);
  return {
    status: 'ok' as const,
    time: ctx.clock().toISOString(),
    eventStore: ctx.store.kind,
    events,
    projections,
    queues,
    catalogueCache,
    browseGate: ctx.browseGate?.state() ?? null,
    searchTerms: searchTermsBacklog(ctx.searchTerms),
  };
}

/** Public per the spec: operational figures only, nothing about customers. */
export function statusRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/status', { schema: settingsCalls.status }, async () => systemStatus(ctx, app.catalogueAnswers?.cache.stats() ?? null));
}
