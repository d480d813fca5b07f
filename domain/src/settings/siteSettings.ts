import { z } from 'zod';
import { DomainError, type Decider } from '../shared/decider.ts';
import type { DomainEvent } from '../shared/events.ts';

export const siteSettingsSchema = z.object({
  hideAccessories: z.boolean(),
  hideGames: z.boolean(),
  warningText: z.string().trim().max(500, 'warningText is at most 500 characters'),
  updateTransactionsSave: z.boolean(),
  updateTransactionsDays: z
    .number({ invalid_type_error: 'updateTransactionsDays must be a number of days' })
    .int('updateTransactionsDays must be a whole number of days')
    .min(1, 'updateTransactionsDays must be at least 1')
    .max(90, 'updateTransactionsDays is at most 90 (the marketplace keeps 90 days of orders)'),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

/** The body of POST /api/save-site-settings: any subset of the settings. */
export const saveSiteSettingsSchema = siteSettingsSchema.partial().strict();

export const DEFAULT_SITE_SETTINGS: SiteSettings = {
  hideAccessories: true,
  hideGames: true,
  warningText: '',
  updateTransactionsSave: false,
  updateTransactionsDays: 7,
};

export const SITE_SETTINGS_STREAM_ID = 'settings-site';

export type SiteSettingsEvent = DomainEvent<'SiteSettingsSaved', { changes: Partial<SiteSettings>; previous: Partial<SiteSettings> }>;

export interface SaveSiteSettings {
  type: 'SaveSiteSettings';
  settings: Partial<SiteSettings>;
}

export const siteSettingsDecider: Decider<SaveSiteSettings, SiteSettingsEvent, SiteSettings> = {
  streamType: 'settings',
  initialState: () => ({ ...DEFAULT_SITE_SETTINGS }),
  decide(command, state) {
    const parsed = saveSiteSettingsSchema.safeParse(command.settings);
    if (!parsed.success) throw new DomainError(parsed.error.issues[0]!.message);
    const changes: Partial<SiteSettings> = {};
    const previous: Partial<SiteSettings> = {};
    for (const key of Object.keys(parsed.data) as (keyof SiteSettings)[]) {
      if (parsed.data[key] !== undefined && parsed.data[key] !== state[key]) {
        Object.assign(changes, { [key]: parsed.data[key] });
        Object.assign(previous, { [key]: state[key] });
      }
    }
    return Object.keys(changes).length === 0 ? [] : [{ type: 'SiteSettingsSaved', data: { changes, previous } }];
  },
  evolve: (state, event) => ({ ...state, ...event.data.changes }),
};

const LABELS: Record<keyof SiteSettings, string> = {
  hideAccessories: 'hide accessories',
  hideGames: 'hide games',
  warningText: 'warning text',
  updateTransactionsSave: 'save marketplace transactions',
  updateTransactionsDays: 'marketplace transaction days',
};

export function describeSiteSettingsEvent(event: SiteSettingsEvent): string {
  const parts = (Object.keys(event.data.changes) as (keyof SiteSettings)[]).map(
    (k) => `${LABELS[k]} from ${JSON.stringify(event.data.previous[k])} to ${JSON.stringify(event.data.changes[k])}`,
  );
  return `Changed site settings: ${parts.join('; ')}`;
}
