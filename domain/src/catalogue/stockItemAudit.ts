/** Plain-words descriptions of stock events for the audit history. */
import { describeChanges, type FieldFormat } from './auditFormat.ts';
import { formatCents } from './money.ts';
import { stockItemName, type StockItemEvent, type StockItemFields } from './stockItemEvents.ts';

/** Every stock item field's audit label (the compiler insists each field has one). */
export const STOCK_ITEM_FIELD_FORMATS: Readonly<Record<keyof StockItemFields, FieldFormat>> = {
  comicId: { label: 'image id', kind: 'text' },
  itemType: { label: 'item type', kind: 'text' },
  periodType: { label: 'period', kind: 'text' },
  supplierType: { label: 'supplier', kind: 'text' },
  mainDescription: { label: 'description', kind: 'text' },
  variantDescription: { label: 'variant description', kind: 'text' },
  publisher: { label: 'publisher', kind: 'text' },
  srp: { label: 'SRP', kind: 'cents' },
  priceOverride: { label: 'price override', kind: 'centsOrNone' },
  number: { label: 'quantity', kind: 'count' },
  initialQuantity: { label: 'initial quantity', kind: 'count' },
  salesQuantity: { label: 'sold quantity', kind: 'count' },
  salesValue: { label: 'sales value', kind: 'cents' },
  releaseMonth: { label: 'release month', kind: 'month' },
  releaseYear: { label: 'release year', kind: 'year' },
  writer: { label: 'writer', kind: 'text' },
  artist: { label: 'artist', kind: 'text' },
  coverArtist: { label: 'cover artist', kind: 'text' },
  selected: { label: 'selected', kind: 'flag' },
  images: { label: 'images', kind: 'images' },
  hasImage: { label: 'has image', kind: 'flag' },
  pnp: { label: 'postage', kind: 'centsOrNone' },
  batch: { label: 'batch', kind: 'batch' },
  key: { label: 'key issue', kind: 'flag' },
  ebaySku: { label: 'marketplace SKU', kind: 'text' },
  ebayListingId: { label: 'marketplace listing id', kind: 'text' },
  seriesId: { label: 'series id', kind: 'text' },
  seriesTitle: { label: 'series', kind: 'text' },
  issueNumber: { label: 'issue number', kind: 'text' },
  cover: { label: 'cover', kind: 'text' },
  printing: { label: 'printing', kind: 'count' },
  focDate: { label: 'FOC date', kind: 'date' },
  releaseDate: { label: 'release date', kind: 'date' },
  upc: { label: 'UPC/ISBN', kind: 'text' },
};

function copies(quantity: number): string {
  return quantity === 1 ? '1 copy' : `${quantity} copies`;
}

export function describeStockItemEvent(event: StockItemEvent): string {
  switch (event.type) {
    case 'StockItemAdded': {
      const d = event.data;
      const batch = d.batch ? ` to batch ${d.batch.batchName}` : '';
      return `Added ${stockItemName(d)} (${d.comicId}), ${copies(d.number)}${batch}`;
    }
    case 'StockItemEdited':
      return describeChanges(event.data.name, STOCK_ITEM_FIELD_FORMATS, event.data.changes, event.data.previous);
    case 'StockQuantityAdjusted': {
      const d = event.data;
      const reason = d.reason ? ` (${d.reason})` : '';
      return `Changed quantity of ${d.name} from ${d.previousNumber} to ${d.number}${reason}`;
    }
    case 'StockImagesChanged': {
      const d = event.data;
      const images = d.images.length > 0 ? d.images.map((i) => i.imageId).join(', ') : 'none';
      return `Changed images of ${d.name} to ${images}; has image ${d.hasImage ? 'yes' : 'no'}`;
    }
    case 'StockItemDeleted': {
      const d = event.data;
      return `Deleted ${d.name} (${d.comicId})${d.reason ? ` (${d.reason})` : ''}`;
    }
    case 'StockHeld': {
      const d = event.data;
      return `Held ${copies(d.quantity)} of ${d.name} for order ${d.orderId}; ${d.available} left`;
    }
    case 'StockHoldReleased': {
      const d = event.data;
      return `Released ${copies(d.quantity)} of ${d.name} held for order ${d.orderId}; ${d.available} left`;
    }
    case 'StockSold': {
      const d = event.data;
      return `Sold ${copies(d.quantity)} of ${d.name} at ${formatCents(d.unitPriceCents)} to order ${d.orderId}; ${d.number} in stock`;
    }
    case 'StockSoldExternally': {
      const d = event.data;
      const oversold = d.oversold > 0 ? `; OVERSOLD by ${d.oversold}` : '';
      return `Sold ${copies(d.quantity)} of ${d.name} on the marketplace (order ${d.externalOrderId}) for ${formatCents(d.valueCents)}; ${d.number} in stock${oversold}`;
    }
    default: {
      const unknown: never = event;
      return String(unknown);
    }
  }
}
