import type { FastifyInstance } from 'fastify';
import { readSiteSettings } from '../../settings/siteSettings.ts';
import type { AppContext } from '../context.ts';
import { sendWithEtag } from '../sendCached.ts';
import { ordersNeedPosting } from '../queries/ordersNeedPosting.ts';
import { settingsCalls } from '@shop/domain/contract/settings';

// The read lives below api (use cases and tests read it too).
export { readSiteSettings };

/**
 * Whether card payments go to the local payment simulator (no SQUARE_ACCESS_TOKEN and
 * SQUARE_LOCATION_ID): the storefront then keeps its TEST card form, whatever Square ids it was
 * built with, since only the simulator's test nonces can be charged.
 */
export function paymentsTestMode(config: AppContext['config']): boolean {
  return !(config.SQUARE_ACCESS_TOKEN?.trim() && config.SQUARE_LOCATION_ID?.trim());
}

export function siteSettingsRoutes(app: FastifyInstance, ctx: AppContext): void {
  // Every storefront page asks for it: with its ETag, an unchanged answer comes back as a 304.
  app.get('/site-settings', { schema: settingsCalls.siteSettings }, async (request, reply) => {
    const [siteSettings, needPosting] = await Promise.all([readSiteSettings(ctx), ordersNeedPosting(ctx)]);
    return sendWithEtag(request, reply, { siteSettings, ordersNeedPosting: needPosting, paymentsTestMode: paymentsTestMode(ctx.config) });
  });
}
