import type { ItemType } from './catalogueView.ts';

/**
 * The postage table (spec "Postage table"): the site price in cents by the count of
 * postage-standard items, with the marketplace price beside it.
 */

export type PostageBandName = 'None' | 'Letter' | 'Large Letter' | 'Tracked Letter' | 'Small Parcel' | 'Parcel';

export interface PostageBand {
  name: PostageBandName;
  minItems: number;
  /** null: no upper bound. */
  maxItems: number | null;
  /** true: only for tracked orders; false: only untracked; null: either. */
  tracked: boolean | null;
  siteCents: number;
  marketplaceCents: number;
}

/** "The tracked band applies when the order total is 1500 cents or more." */
export const TRACKED_FROM_TOTAL_CENTS = 1500;

export const NO_POSTAGE: PostageBand = {
  name: 'None',
  minItems: 0,
  maxItems: 0,
  tracked: null,
  siteCents: 0,
  marketplaceCents: 0,
};

/**
 * For 3-4 items the table gives Large Letter and Small Parcel at the same price; we send a Small
 * Parcel when the order is tracked (total 1500 cents or more), a Large Letter otherwise.
 */
export const POSTAGE_BANDS: readonly PostageBand[] = [
  { name: 'Letter', minItems: 1, maxItems: 2, tracked: false, siteCents: 450, marketplaceCents: 520 },
  { name: 'Tracked Letter', minItems: 1, maxItems: 2, tracked: true, siteCents: 850, marketplaceCents: 950 },
  { name: 'Large Letter', minItems: 3, maxItems: 4, tracked: false, siteCents: 850, marketplaceCents: 950 },
  { name: 'Small Parcel', minItems: 3, maxItems: 4, tracked: true, siteCents: 850, marketplaceCents: 950 },
  { name: 'Small Parcel', minItems: 5, maxItems: 5, tracked: null, siteCents: 1100, marketplaceCents: 1300 },
  { name: 'Parcel', minItems: 6, maxItems: 10, tracked: null, siteCents: 1500, marketplaceCents: 1750 },
  { name: 'Parcel', minItems: 11, maxItems: 30, tracked: null, siteCents: 1900, marketplaceCents: 2200 },
  { name: 'Parcel', minItems: 31, maxItems: 50, tracked: null, siteCents: 2300, marketplaceCents: 2650 },
  { name: 'Parcel', minItems: 51, maxItems: 60, tracked: null, siteCents: 2400, marketplaceCents: 2850 },
  { name: 'Parcel', minItems: 61, maxItems: 70, tracked: null, siteCents: 2550, marketplaceCents: 3050 },
  { name: 'Parcel', minItems: 71, maxItems: 80, tracked: null, siteCents: 2700, marketplaceCents: 3250 },
  { name: 'Parcel', minItems: 81, maxItems: 90, tracked: null, siteCents: 2850, marketplaceCents: 3450 },
  { name: 'Parcel', minItems: 91, maxItems: null, tracked: null, siteCents: 3050, marketplaceCents: 3650 },
];

/** postageBand: the band for `count` postage-standard items in an order totalling `totalCents`. */
export function postageBand(count: number, totalCents: number): PostageBand {
  if (!Number.isSafeInteger(count) || count < 0) throw new RangeError(`count must be a whole number >= 0, got ${count}`);
  if (count === 0) return NO_POSTAGE;
  const tracked = totalCents >= TRACKED_FROM_TOTAL_CENTS;
  const band = POSTAGE_BANDS.find(
    (b) => count >= b.minItems && (b.maxItems === null || count <= b.maxItems) && (b.tracked === null || b.tracked === tracked),
  );
  if (!band) throw new RangeError(`no postage band for ${count} items`);
  return band;
}

/** The marketplace price (the bracketed column) for `count` items; untracked unless a total says so. */
export function marketplacePostageCents(count: number, totalCents = 0): number {
  return postageBand(count, totalCents).marketplaceCents;
}

export interface PostageLine {
  itemType: ItemType;
  /** Item-specific postage in cents. */
  pnp: number;
  price: number;
  quantity: number;
}

/**
 * "Games, accessories and items with their own pnp add pnp x quantity instead of counting in the
 * table": a line counts in the table only when it is a comic with no pnp of its own.
 */
export function countsInPostageTable(line: Pick<PostageLine, 'itemType' | 'pnp'>): boolean {
  return line.itemType === 'comic' && !(line.pnp > 0);
}

export function postageStandardCount(lines: readonly PostageLine[]): number {
  return lines.reduce((n, l) => (countsInPostageTable(l) ? n + l.quantity : n), 0);
}

export function ownPostageCents(lines: readonly PostageLine[]): number {
  return lines.reduce((sum, l) => (countsInPostageTable(l) ? sum : sum + Math.max(0, l.pnp) * l.quantity), 0);
}

export interface OrderPostageInput {
  lines: readonly PostageLine[];
  /** "Pickup orders pay 0 postage." */
  pickup: boolean;
  /** "Ad-hoc orders with a name pay 0." */
  adhocName: string | null;
}

/** orderPostageCents: the postage of an order on the site. */
export function orderPostageCents({ lines, pickup, adhocName }: OrderPostageInput): number {
  if (pickup) return 0;
  if (adhocName !== null && adhocName.trim() !== '') return 0;
  const totalCents = lines.reduce((sum, l) => sum + l.price * l.quantity, 0);
  return postageBand(postageStandardCount(lines), totalCents).siteCents + ownPostageCents(lines);
}
