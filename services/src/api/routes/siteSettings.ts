import { DEFAULT_SITE_SETTINGS, type SiteSettings } from '@shop/domain/settings/siteSettings';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { ordersNeedPosting } from '../queries/ordersNeedPosting.ts';
import { settingsCalls } from '@shop/domain/contract/settings';

export async function readSiteSettings(ctx: AppContext): Promise<SiteSettings> {
  const row = await ctx.db.selectFrom('site_settings').selectAll().where('id', '=', 1).executeTakeFirst();
  if (!row) return { ...DEFAULT_SITE_SETTINGS };
  return {
    hideAccessories: row.hide_accessories,
    hideGames: row.hide_games,
    warningText: row.warning_text,
    updateTransactionsSave: row.update_transactions_save,
    updateTransactionsDays: row.update_transactions_days,
  };
}

/**
 * Whether card payments go to the local payment simulator (no SQUARE_ACCESS_TOKEN and
 * SQUARE_LOCATION_ID): the storefront then keeps its TEST card form, whatever Square ids it was
 * built with, since only the simulator's test nonces can be charged.
 */
export function paymentsTestMode(config: AppContext['config']): boolean {
  return !(config.SQUARE_ACCESS_TOKEN?.trim() && config.SQUARE_LOCATION_ID?.trim());
}

export function siteSettingsRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/site-settings', { schema: settingsCalls.siteSettings }, async () => ({
    siteSettings: await readSiteSettings(ctx),
    ordersNeedPosting: await ordersNeedPosting(ctx),
    paymentsTestMode: paymentsTestMode(ctx.config),
  }));
}
