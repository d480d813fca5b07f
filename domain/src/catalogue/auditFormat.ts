/** Plain-words formatting of values for audit descriptions. */
import { conditionSummary, type Condition } from './condition.ts';
import { formatCents } from './money.ts';
import { MONTH_ABBREVIATIONS, SHOP_TIME_ZONE } from './supplierDates.ts';

export type ValueKind =
  'text' | 'cents' | 'centsOrNone' | 'count' | 'percent' | 'month' | 'year' | 'flag' | 'date' | 'images' | 'batch' | 'condition';

const dateFormat = new Intl.DateTimeFormat('en-AU', {
  timeZone: SHOP_TIME_ZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

/** A date in the shop's zone, en-AU: "22 Nov 2026". */
export function formatShopDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat.format(date);
}

export function formatValue(kind: ValueKind, value: unknown): string {
  if (value === null || value === undefined) return 'none';
  switch (kind) {
    case 'cents':
      return typeof value === 'number' ? formatCents(value) : String(value);
    case 'centsOrNone':
      return value === 0 ? 'none' : typeof value === 'number' ? formatCents(value) : String(value);
    case 'percent':
      return `${String(value)}%`;
    case 'month':
      return typeof value === 'number' && value >= 1 && value <= 12 ? (MONTH_ABBREVIATIONS[value - 1] ?? String(value)) : 'unknown';
    case 'year':
      return value === 0 ? 'unknown' : String(value);
    case 'flag':
      return value === true ? 'yes' : 'no';
    case 'date':
      return typeof value === 'string' ? formatShopDate(value) : String(value);
    case 'images':
      return Array.isArray(value) && value.length > 0
        ? value.map((image: { imageId?: unknown }) => String(image.imageId)).join(', ')
        : 'none';
    case 'batch':
      return typeof value === 'object' && 'batchName' in value ? String(value.batchName) : 'no batch';
    case 'count':
      return String(value);
    case 'condition':
      return conditionSummary(value as Condition) ?? 'none';
    case 'text':
      return value === '' ? 'blank' : `"${String(value)}"`;
  }
}

export interface FieldFormat {
  label: string;
  kind: ValueKind;
}

/**
 * "Changed price override of Saga #1 from $5.95 to $4.95" for one field;
 * "Changed Saga #1: price override from $5.95 to $4.95; quantity from 2 to 3" for several.
 */
export function describeChanges<T extends object>(
  subject: string,
  formats: Readonly<Record<keyof T, FieldFormat>>,
  changes: Partial<T>,
  previous: Partial<T>,
): string {
  const parts = (Object.keys(changes) as (keyof T)[]).map((key) => {
    const format = formats[key];
    const from = formatValue(format.kind, previous[key]);
    const to = formatValue(format.kind, changes[key]);
    return { label: format.label, fromTo: `from ${from} to ${to}` };
  });
  const [only] = parts;
  if (parts.length === 1 && only) return `Changed ${only.label} of ${subject} ${only.fromTo}`;
  if (parts.length === 0) return `Changed nothing on ${subject}`;
  return `Changed ${subject}: ${parts.map((p) => `${p.label} ${p.fromTo}`).join('; ')}`;
}
