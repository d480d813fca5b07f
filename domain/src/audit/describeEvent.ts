import { describeSiteSettingsEvent, type SiteSettingsEvent } from '../settings/siteSettings.ts';
import type { DomainEvent } from '../shared/events.ts';

type Describer = (event: DomainEvent) => string;

/** Plain-words descriptions for the audit history, one per event type. */
const describers: Record<string, Describer> = {
  SiteSettingsSaved: (e) => describeSiteSettingsEvent(e as SiteSettingsEvent),
};

export function registerDescribers(more: Record<string, Describer>): void {
  Object.assign(describers, more);
}

export function describeEvent(event: DomainEvent): string {
  const describe = describers[event.type];
  if (describe) return describe(event);
  // A readable fallback for a type with no describer: "StockItemAdded" -> "Stock item added".
  const words = event.type.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
