/**
 * The known suggestion lists for the stock form (admin spec section 9: 21 comic publishers, 3 game,
 * 1 accessory), from domain/src/catalogue/knownLists.ts; GET /api/admin-lists answers the same.
 */
import { KNOWN_PUBLISHERS } from '@shop/domain/catalogue/knownLists';
import type { ItemType } from '../../../types';

// One list for the whole product: the domain's (pure data, no dependencies).
export { KNOWN_PUBLISHERS };

/** Variant descriptions the shop writes most often. */
export const KNOWN_VARIANTS: readonly string[] = [
  'Cover A',
  'Cover B',
  'Cover C',
  'Cover D',
  'Variant Cover',
  'Incentive Variant 1:10',
  'Incentive Variant 1:25',
  'Incentive Variant 1:50',
  'Incentive Variant 1:100',
  'Virgin Variant',
  'Foil Variant',
  'Sketch Variant',
  'Blank Sketch Cover',
  'Connecting Variant',
  'Homage Variant',
  'Newsstand Edition',
  'Second Printing',
  'Third Printing',
  'Facsimile Edition',
  'Signed',
  'CGC Graded',
];

export interface KnownLists {
  publishers: Record<ItemType, readonly string[]>;
  variants: readonly string[];
}

export const LOCAL_KNOWN_LISTS: KnownLists = { publishers: KNOWN_PUBLISHERS, variants: KNOWN_VARIANTS };

function strings(value: unknown): string[] | null {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && v.trim() !== '') : null;
}

/**
 * Reads an /admin-lists answer. Accepts `{publishers: {comic, game, accessory} | string[], variants}`
 * (also `knownPublishers`, `variantDescriptions`); anything missing falls back to the local copy.
 */
export function readKnownLists(data: unknown): KnownLists {
  if (!data || typeof data !== 'object') return LOCAL_KNOWN_LISTS;
  const record = data as Record<string, unknown>;
  const rawPublishers = record.publishers ?? record.knownPublishers;
  let publishers: Record<ItemType, readonly string[]> = KNOWN_PUBLISHERS;
  const flat = strings(rawPublishers);
  if (flat && flat.length) {
    publishers = { comic: flat, game: flat, accessory: flat };
  } else if (rawPublishers && typeof rawPublishers === 'object') {
    const byType = rawPublishers as Record<string, unknown>;
    publishers = {
      comic: strings(byType.comic) ?? KNOWN_PUBLISHERS.comic,
      game: strings(byType.game) ?? KNOWN_PUBLISHERS.game,
      accessory: strings(byType.accessory) ?? KNOWN_PUBLISHERS.accessory,
    };
  }
  const variants = strings(record.variants ?? record.variantDescriptions) ?? KNOWN_VARIANTS;
  return { publishers, variants: variants.length ? variants : KNOWN_VARIANTS };
}
