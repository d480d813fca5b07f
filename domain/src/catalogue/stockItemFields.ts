/**
 * From the HTTP input (schemas.ts) to the decider's fields: the caller resolves the input's batchId
 * to a BatchSnapshot (reading the batch read model) and passes it in.
 */
import { DomainError } from '../shared/decider.ts';
import { BATCH_NOT_FOUND_MESSAGE } from './batch.ts';
import type { StockItemEdit, StockItemInput } from './schemas.ts';
import type { BatchSnapshot, StockItemFields } from './stockItemEvents.ts';

/** The series an item is put in, as its events record it: the id and the series' title then. */
export interface SeriesRef {
  seriesId: string;
  title: string;
}

/** The series and issue fields, as items added before they existed read (evolve and projectors apply these). */
export const ISSUE_FIELD_DEFAULTS = {
  seriesId: null,
  seriesTitle: '',
  issueNumber: '',
  cover: '',
  printing: 1,
  focDate: null,
  releaseDate: null,
  upc: '',
} as const satisfies Pick<
  StockItemFields,
  'seriesId' | 'seriesTitle' | 'issueNumber' | 'cover' | 'printing' | 'focDate' | 'releaseDate' | 'upc'
>;

/** An item's fields with the series and issue fields its event may lack (recorded before they existed). */
export function withIssueDefaults<T extends Partial<StockItemFields>>(item: T): T & typeof ISSUE_FIELD_DEFAULTS {
  return { ...ISSUE_FIELD_DEFAULTS, ...item } as T & typeof ISSUE_FIELD_DEFAULTS;
}

function checkBatch(batchId: string | null, batch: BatchSnapshot | null): BatchSnapshot | null {
  if (batchId === null) return null;
  if (!batch || batch.batchId !== batchId) throw new DomainError(BATCH_NOT_FOUND_MESSAGE, 'not-found');
  return batch;
}

/**
 * An add: the input with batchId replaced by the batch's snapshot (404 when it does not match), and
 * the series the caller resolved from seriesId or seriesTitle (null: no series).
 */
export function toStockItemFields(input: StockItemInput, batch: BatchSnapshot | null, series: SeriesRef | null = null): StockItemFields {
  const { batchId, ...rest } = input;
  return { ...rest, seriesId: series?.seriesId ?? null, seriesTitle: series?.title ?? '', batch: checkBatch(batchId, batch) };
}

/**
 * An edit: only the fields sent; a sent batchId becomes the batch's snapshot. `series` is what the
 * caller resolved when the edit names a series (seriesId or seriesTitle sent): a SeriesRef, or null
 * for none; undefined leaves the item's series as it is.
 */
export function toStockItemChanges(
  edit: StockItemEdit,
  batch: BatchSnapshot | null = null,
  series?: SeriesRef | null,
): Partial<StockItemFields> {
  const { batchId, seriesId: _seriesId, seriesTitle: _seriesTitle, ...rest } = edit;
  const changes: Partial<StockItemFields> = {};
  for (const [key, value] of Object.entries(rest) as [keyof typeof rest, unknown][]) {
    if (value !== undefined) Object.assign(changes, { [key]: value });
  }
  if (batchId !== undefined) changes.batch = checkBatch(batchId, batch);
  if (series !== undefined) {
    changes.seriesId = series?.seriesId ?? null;
    changes.seriesTitle = series?.title ?? '';
  }
  return changes;
}
