/** Plain-words descriptions of batch events for the audit history. */
import { describeChanges, formatShopDate, type FieldFormat } from './auditFormat.ts';
import type { BatchEvent, BatchFields } from './batchEvents.ts';
import { SUPPLIER_TYPE_LABELS } from './knownLists.ts';

/** Every batch field's audit label (the compiler insists each field has one). */
export const BATCH_FIELD_FORMATS: Readonly<Record<keyof BatchFields, FieldFormat>> = {
  name: { label: 'name', kind: 'text' },
  type: { label: 'type', kind: 'text' },
  itemType: { label: 'item type', kind: 'text' },
  periodType: { label: 'period', kind: 'text' },
  supplierType: { label: 'supplier', kind: 'text' },
  publishDate: { label: 'publish date', kind: 'date' },
  cutOffDate: { label: 'cut-off date', kind: 'date' },
  discountPercent: { label: 'discount', kind: 'percent' },
  value: { label: 'purchase value', kind: 'cents' },
  hideHomePage: { label: 'hidden from home page', kind: 'flag' },
  default: { label: 'default', kind: 'flag' },
};

function items(count: number): string {
  return count === 1 ? '1 item' : `${count} items`;
}

export function describeBatchEvent(event: BatchEvent): string {
  switch (event.type) {
    case 'BatchCreated': {
      const d = event.data;
      const discount = d.discountPercent > 0 ? `, ${d.discountPercent}% off` : '';
      return `Created batch ${d.name} (${d.type}, ${d.itemType} ${d.periodType} from ${SUPPLIER_TYPE_LABELS[d.supplierType]}), publishes ${formatShopDate(d.publishDate)}${discount}`;
    }
    case 'BatchEdited':
      return describeChanges(`batch ${event.data.name}`, BATCH_FIELD_FORMATS, event.data.changes, event.data.previous);
    case 'BatchDeleted':
      return `Deleted batch ${event.data.name}`;
    case 'BatchCleared': {
      const d = event.data;
      const kept = d.keptCount > 0 ? `; kept ${items(d.keptCount)} with sales or held` : '';
      return `Cleared batch ${d.name}: removing ${items(d.stockItemIds.length)} never sold${kept}`;
    }
    default: {
      const unknown: never = event;
      return String(unknown);
    }
  }
}
