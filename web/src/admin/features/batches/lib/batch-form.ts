/** The batch form: values, defaults by batch type, and the API body. */
import type { AdminBatch, BatchPayload, BatchType, ItemType, PeriodType, SupplierType } from '../../../types';
import { centsToInput, parseDollars } from '../../../lib/quantity';
import { dateInputValue, daysAhead } from './batch-name';

export const DEFAULT_PUBLISH_DAYS_AHEAD = 21;

export const BATCH_TYPE_LABELS: Record<BatchType, string> = {
  diamond: 'Diamond (new comics)',
  back: 'Back issue',
  pre: 'Pre-order',
  game: 'Game or accessory',
};

export const BATCH_TYPE_DEFAULTS: Record<BatchType, { itemType: ItemType; periodType: PeriodType; supplierType: SupplierType }> = {
  diamond: { itemType: 'comic', periodType: 'new', supplierType: 'diamond' },
  back: { itemType: 'comic', periodType: 'back-issue', supplierType: 'local_person' },
  pre: { itemType: 'comic', periodType: 'pre-order', supplierType: 'diamond' },
  game: { itemType: 'game', periodType: 'new', supplierType: 'lpg' },
};

export interface BatchFormValues {
  name: string;
  type: BatchType;
  itemType: ItemType;
  periodType: PeriodType;
  supplierType: SupplierType;
  publishDate: string;
  cutOffDate: string;
  discountPercent: string;
  value: string;
  hideHomePage: boolean;
  default: boolean;
}

export function emptyBatchForm(now: Date = new Date()): BatchFormValues {
  return {
    name: '',
    type: 'diamond',
    ...BATCH_TYPE_DEFAULTS.diamond,
    publishDate: dateInputValue(daysAhead(DEFAULT_PUBLISH_DAYS_AHEAD, now)),
    cutOffDate: '',
    discountPercent: '0',
    value: '',
    hideHomePage: false,
    default: false,
  };
}

function isBatchType(type: unknown): type is BatchType {
  return type === 'diamond' || type === 'back' || type === 'pre' || type === 'game';
}

/** 'back issue' -> 'back', 'pre order' -> 'pre' (older spellings). */
export function normaliseBatchType(type: string | null | undefined): BatchType {
  const squashed = String(type ?? '')
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');
  if (isBatchType(squashed)) return squashed;
  if (squashed.startsWith('back')) return 'back';
  if (squashed.startsWith('pre')) return 'pre';
  if (squashed.startsWith('game') || squashed.startsWith('access')) return 'game';
  return 'diamond';
}

/** Pre-order batches (the only ones with an upload on their card). */
export function isPreBatch(batch: Pick<AdminBatch, 'type' | 'periodType'>): boolean {
  return normaliseBatchType(batch.type) === 'pre' || batch.periodType === 'pre-order';
}

export function batchFormFromBatch(batch: AdminBatch): BatchFormValues {
  const type = normaliseBatchType(batch.type);
  const implied = BATCH_TYPE_DEFAULTS[type];
  return {
    name: batch.name ?? '',
    type,
    itemType: batch.itemType ?? implied.itemType,
    periodType: batch.periodType ?? implied.periodType,
    supplierType: batch.supplierType ?? implied.supplierType,
    publishDate: dateInputValue(batch.publishDate),
    cutOffDate: dateInputValue(batch.cutOffDate),
    discountPercent: String(batch.discountPercent ?? 0),
    value: centsToInput(batch.value),
    hideHomePage: Boolean(batch.hideHomePage),
    default: Boolean(batch.default),
  };
}

/** Changing the type brings its item, period and supplier. */
export function withBatchType(values: BatchFormValues, type: BatchType): BatchFormValues {
  return { ...values, type, ...BATCH_TYPE_DEFAULTS[type] };
}

export type BatchFormErrors = Partial<Record<keyof BatchFormValues, string>>;

export function batchPayload(values: BatchFormValues): { ok: true; payload: BatchPayload } | { ok: false; errors: BatchFormErrors } {
  const errors: BatchFormErrors = {};
  const name = values.name.trim();
  if (!name) errors.name = 'Batch name is required';
  else if (name.length > 60) errors.name = 'Batch name can be at most 60 characters';
  const percent = values.discountPercent.trim() === '' ? 0 : Number(values.discountPercent);
  if (!Number.isInteger(percent) || percent < 0 || percent > 100) errors.discountPercent = 'Discount must be a whole percent from 0 to 100';
  const value = parseDollars(values.value);
  if (value === null) errors.value = 'Purchase value must be an amount in dollars, like 1250.00';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(values.publishDate)) errors.publishDate = 'Publish date is required';
  if (values.cutOffDate && !/^\d{4}-\d{2}-\d{2}$/.test(values.cutOffDate)) errors.cutOffDate = 'Cut-off date must be a date';
  if (Object.keys(errors).length) return { ok: false, errors };
  return {
    ok: true,
    payload: {
      name,
      type: values.type,
      itemType: values.itemType,
      periodType: values.periodType,
      supplierType: values.supplierType,
      publishDate: values.publishDate,
      cutOffDate: values.cutOffDate || null,
      discountPercent: percent,
      value: value ?? 0,
      hideHomePage: values.hideHomePage,
      default: values.default,
    },
  };
}
