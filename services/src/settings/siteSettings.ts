import { DEFAULT_SITE_SETTINGS, type SiteSettings } from '@shop/domain/settings/siteSettings';
import type { Deps } from '../deps/deps.ts';

/** The admin's site settings from their read model (the defaults before any were saved). */
export async function readSiteSettings(ctx: Pick<Deps, 'db'>): Promise<SiteSettings> {
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
