/**
 * What search engines and link previews see of an item page (issue 18): the head the server writes
 * into the app's index.html for `/item/{_id}/{slug}`. Pure: the item, the shop and the absolute
 * image URL come in; the tags go out, every value escaped.
 */
import { conditionSummary, type Condition } from './condition.ts';
import { itemPageName, itemPath } from './itemPage.ts';
import { formatCents } from './money.ts';

export interface ItemPageItem {
  stockItemId: string;
  comicId: string;
  itemType: string;
  periodType: string | null;
  mainDescription: string;
  variantDescription: string;
  publisher: string;
  writer: string;
  artist: string;
  /** The shopper's price, cents. */
  price: number;
  /** Copies a shopper can buy now. */
  available: number;
  condition: Condition | null;
  keyNotes: string;
}

export interface ItemPageShop {
  shopName: string;
  /** The shop's public origin, no trailing slash: https://shop.example.com */
  publicUrl: string;
}

export type Availability = 'InStock' | 'OutOfStock' | 'PreOrder';

/** Pre-orders are PreOrder while copies can be ordered; anything else InStock or OutOfStock. */
export function availabilityOf(item: Pick<ItemPageItem, 'periodType' | 'available'>): Availability {
  if (item.available <= 0) return 'OutOfStock';
  return item.periodType === 'pre-order' ? 'PreOrder' : 'InStock';
}

/**
 * schema.org itemCondition: new comics, pre-orders, games and accessories are NewCondition unless
 * graded; a graded copy, a back issue or a vintage comic is UsedCondition (a collector's copy).
 */
export function itemConditionOf(item: Pick<ItemPageItem, 'periodType' | 'condition'>): 'NewCondition' | 'UsedCondition' {
  if (item.condition) return 'UsedCondition';
  return item.periodType === 'back-issue' || item.periodType === 'vintage' ? 'UsedCondition' : 'NewCondition';
}

/** Cents as the decimal string schema.org wants: 695 -> "6.95". */
export const offerPrice = (cents: number) => (cents / 100).toFixed(2);

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** JSON inside <script>: no "</script>" or "<!--" can close it early. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

export interface ItemPageHead {
  title: string;
  description: string;
  canonicalUrl: string;
  imageUrl: string;
  jsonLd: Record<string, unknown>;
  /** The tags, ready for <head>. */
  html: string;
}

export function itemPageHead(item: ItemPageItem, shop: ItemPageShop, imageUrl: string): ItemPageHead {
  const name = itemPageName(item);
  const canonicalUrl = `${shop.publicUrl}${itemPath(item)}`;
  const availability = availabilityOf(item);
  const price = formatCents(item.price);
  const grade = conditionSummary(item.condition);
  const creators = [item.writer, item.artist].filter((c) => c.trim() !== '').join(', ');
  const stockWords = { InStock: 'In stock', OutOfStock: 'Sold out', PreOrder: 'Pre-order now' }[availability];
  const description = [
    `${name} – ${price} at ${shop.shopName}.`,
    item.publisher ? `${item.publisher}.` : '',
    creators ? `By ${creators}.` : '',
    grade && item.condition?.kind === 'slab' ? `Graded ${grade}, certification ${item.condition.certNumber}.` : '',
    item.keyNotes ? `${item.keyNotes}.` : '',
    `${stockWords}; shipping Australia-wide.`,
  ]
    .filter(Boolean)
    .join(' ')
    .replace(/\.\./g, '.')
    .slice(0, 300);
  const title = `${name} | ${shop.shopName}`;
  const jsonLd: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name,
    image: [imageUrl],
    description,
    sku: item.comicId,
    url: canonicalUrl,
    ...(item.publisher ? { brand: { '@type': 'Brand', name: item.publisher } } : {}),
    offers: {
      '@type': 'Offer',
      url: canonicalUrl,
      price: offerPrice(item.price),
      priceCurrency: 'AUD',
      availability: `https://schema.org/${availability}`,
      itemCondition: `https://schema.org/${itemConditionOf(item)}`,
      seller: { '@type': 'Organization', name: shop.shopName },
    },
  };
  const meta = (attr: 'name' | 'property', key: string, content: string) => `<meta ${attr}="${key}" content="${escapeHtml(content)}" />`;
  const html = [
    `<title>${escapeHtml(title)}</title>`,
    meta('name', 'description', description),
    `<link rel="canonical" href="${escapeHtml(canonicalUrl)}" />`,
    meta('property', 'og:type', 'product'),
    meta('property', 'og:site_name', shop.shopName),
    meta('property', 'og:title', name),
    meta('property', 'og:description', description),
    meta('property', 'og:url', canonicalUrl),
    meta('property', 'og:image', imageUrl),
    meta('property', 'product:price:amount', offerPrice(item.price)),
    meta('property', 'product:price:currency', 'AUD'),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', name),
    meta('name', 'twitter:description', description),
    meta('name', 'twitter:image', imageUrl),
    `<script type="application/ld+json">${scriptJson(jsonLd)}</script>`,
  ].join('\n    ');
  return { title, description, canonicalUrl, imageUrl, jsonLd, html };
}

/**
 * The app's index.html with the item's head: its <title> and description replaced by the item's
 * tags (the rest of the page, the app, unchanged).
 */
export function withItemHead(indexHtml: string, head: Pick<ItemPageHead, 'html'>): string {
  const withoutOwn = indexHtml.replace(/<title>[\s\S]*?<\/title>\s*/, '').replace(/<meta name="description"[^>]*>\s*/, '');
  return withoutOwn.replace('</head>', `  ${head.html}\n  </head>`);
}
