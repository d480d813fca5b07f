import { DEFAULT_SITE_SETTINGS, type SiteSettingsEvent } from '@shop/domain/settings/siteSettings';
import type { Projector } from '../runner/projector.ts';

export const siteSettingsProjector: Projector = {
  name: 'site-settings',
  tables: ['site_settings'],
  eventTypes: ['SiteSettingsSaved'],
  async apply(trx, events) {
    for (const event of events as unknown as SiteSettingsEvent[]) {
      const current = (await trx.selectFrom('site_settings').selectAll().where('id', '=', 1).executeTakeFirst()) ?? null;
      const base = current
        ? {
            hideAccessories: current.hide_accessories,
            hideGames: current.hide_games,
            warningText: current.warning_text,
            updateTransactionsSave: current.update_transactions_save,
            updateTransactionsDays: current.update_transactions_days,
          }
        : DEFAULT_SITE_SETTINGS;
      const next = { ...base, ...event.data.changes };
      const row = {
        id: 1,
        hide_accessories: next.hideAccessories,
        hide_games: next.hideGames,
        warning_text: next.warningText,
        update_transactions_save: next.updateTransactionsSave,
        update_transactions_days: next.updateTransactionsDays,
      };
      await trx
        .insertInto('site_settings')
        .values(row)
        .onConflict((oc) => oc.column('id').doUpdateSet(row))
        .execute();
    }
  },
};
