/**
 * How a stock item becomes a marketplace listing (docs/marketplace.md, "Listing rules"):
 * - sku: the stock item id;
 * - title: the item's name cut to 80 characters minus the suffix, then the suffix (LISTING_TITLE_SUFFIX);
 * - price: the alternative marketplace price rule applied to the shop's price;
 * - postage: the item's own postage when it has one, else the bracketed marketplace price of the
 *   postage table for 1 item;
 * - pictures: {PUBLIC_URL}/images/{folder}/{comicId}.webp, then the extra images, at most 24;
 * - condition: NEW for new and pre-order stock, USED_VERY_GOOD for back issues and vintage;
 * - quantity: min(the asked quantity, copies free in the shop).
 */
import {
  marketplacePriceCents,
  MONTH_ABBREVIATIONS,
  stockItemName,
  type ItemType,
  type PeriodType,
  type StockItemFields,
} from '@shop/domain/catalogue/index';
import { listedQuantity } from '@shop/domain/marketplace/batchQuantity';
import { marketplacePostageCents } from '@shop/domain/orders/postage';
import { DomainError } from '@shop/domain/shared/decider';
import { listingTitle, type ListingCondition, type ListingInput, type ListingRefresh } from '../marketplace/marketplace.ts';

/** The words after the name in every title: they survive the 80-character cut. */
export const LISTING_TITLE_SUFFIX: Readonly<Record<ItemType, string>> = {
  comic: ' Comic',
  game: ' Game',
  accessory: '',
};

export const MAX_LISTING_PICTURES = 24;

/** New and pre-order comics live in diamond/, other comics in backissues/, games and accessories in games/. */
export function imageFolder(itemType: ItemType, periodType: PeriodType): 'diamond' | 'backissues' | 'games' {
  if (itemType === 'game' || itemType === 'accessory') return 'games';
  if (periodType === 'new' || periodType === 'pre-order') return 'diamond';
  return 'backissues';
}

export function listingTitleOf(item: Pick<StockItemFields, 'mainDescription' | 'variantDescription' | 'itemType'>): string {
  const name = stockItemName(item).replace(/\s+/g, ' ').trim();
  return listingTitle(name, LISTING_TITLE_SUFFIX[item.itemType] ?? '');
}

export function listingCondition(periodType: PeriodType): ListingCondition {
  return periodType === 'new' || periodType === 'pre-order' ? 'NEW' : 'USED_VERY_GOOD';
}

export function listingPostageCents(item: Pick<StockItemFields, 'pnp'>): number {
  return item.pnp > 0 ? item.pnp : marketplacePostageCents(1);
}

export function listingImageUrls(
  publicUrl: string,
  item: Pick<StockItemFields, 'itemType' | 'periodType' | 'comicId' | 'hasImage' | 'images'>,
): string[] {
  const base = publicUrl.replace(/\/+$/, '');
  const folder = imageFolder(item.itemType, item.periodType);
  const ids = [...(item.hasImage ? [item.comicId] : []), ...item.images.map((i) => i.imageId)];
  return [...new Set(ids)].slice(0, MAX_LISTING_PICTURES).map((id) => `${base}/images/${folder}/${encodeURIComponent(id)}.webp`);
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const monthName = (month: number) => {
  const abbreviation = MONTH_ABBREVIATIONS[month - 1] ?? '';
  return abbreviation.charAt(0) + abbreviation.slice(1).toLowerCase();
};

export function listingDescription(item: StockItemFields): string {
  const facts: [string, string][] = [
    ['Publisher', item.publisher],
    ['Writer', item.writer],
    ['Artist', item.artist],
    ['Cover artist', item.coverArtist],
    ['Released', item.releaseYear > 0 ? `${item.releaseMonth >= 1 ? `${monthName(item.releaseMonth)} ` : ''}${item.releaseYear}` : ''],
    ['Condition', listingCondition(item.periodType) === 'NEW' ? 'New' : 'Used, very good'],
  ];
  const list = facts
    .filter(([, v]) => v.trim() !== '')
    .map(([k, v]) => `<li>${escapeHtml(k)}: ${escapeHtml(v)}</li>`)
    .join('');
  return `<p>${escapeHtml(stockItemName(item))}</p><ul>${list}</ul><p>Posted from Brisbane, Australia.</p>`;
}

export interface PlanInput {
  stockItemId: string;
  item: StockItemFields;
  /** The shop's price, cents (price rules and batch discount). */
  shopPriceCents: number;
  /** The copies free in the shop. */
  available: number;
  /** The most copies to list (the batch quantity). */
  quantity: number;
  publicUrl: string;
}

/** A listing the marketplace will refuse is refused here first, with a message the admin can act on. */
export class ListingRefused extends DomainError {
  /** 'refused': eBay would refuse the listing; 'conflict': the item is not in the state the action needs (not listed). */
  constructor(message: string, kind: 'conflict' | 'refused' = 'refused') {
    super(message, kind);
    this.name = 'ListingRefused';
  }
}

export function planListing(input: PlanInput): ListingInput {
  const { item } = input;
  const name = stockItemName(item);
  const quantity = listedQuantity(input.quantity, input.available);
  if (quantity < 1) throw new ListingRefused(`${name} has none in stock to list`);
  const imageUrls = listingImageUrls(input.publicUrl, item);
  if (imageUrls.length === 0) throw new ListingRefused(`${name} has no image; eBay needs at least one picture`);
  if (input.stockItemId.length > 50) throw new ListingRefused(`${name}: its id is longer than eBay's 50-character SKU`);
  return {
    sku: input.stockItemId,
    title: listingTitleOf(item),
    description: listingDescription(item),
    imageUrls,
    priceCents: marketplacePriceCents(input.shopPriceCents),
    quantity,
    postageCents: listingPostageCents(item),
    condition: listingCondition(item.periodType),
  };
}

/** Price, quantity (0 when none are free: the listing shows out of stock) and title of a listed item. */
export function planRefresh(input: PlanInput): ListingRefresh {
  return {
    priceCents: marketplacePriceCents(input.shopPriceCents),
    quantity: listedQuantity(input.quantity, input.available),
    title: listingTitleOf(input.item),
  };
}
