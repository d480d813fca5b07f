import { createHash } from 'node:crypto';
import {
  batchDecider,
  batchInputSchema,
  defaultUploadBatchName,
  releaseFromSupplierCode,
  shopMonth,
  stockItemDecider,
  BATCH_NOT_FOUND_MESSAGE,
  ISSUE_FIELD_DEFAULTS,
  SUPPLIER_TYPE_LABELS,
  type BatchState,
  type SeriesRef,
  type StockItemFields,
} from '@shop/domain/catalogue/index';
import { issueOfTitle, seriesKey, type IssueOfTitle } from '@shop/domain/series/index';
import { DomainError } from '@shop/domain/shared/decider';
import type { EventMetadata } from '@shop/domain/shared/events';
import { randomUUID } from 'node:crypto';
import type { Deps } from '../deps/deps.ts';
import type { BatchView } from '../catalogue/comicView.ts';
import { handle } from '../commands/handle.ts';
import { ConcurrencyError } from '../eventstore/types.ts';
import { seriesForImport } from '../series/seriesForImport.ts';
import { appendNewStreams, type NewStream } from './bulkAppend.ts';
import type { LineProblem, ParsedStockFile, StockFileLine } from './stockFile.ts';
import { batchStream, batchViewOf, loadBatch, snapshotOf, stockStream } from './stockViews.ts';

export const MAX_BATCH_NAME = 60;

export interface StockUploadOptions {
  /** Import into this batch. */
  batchId?: string | null;
  /** Else into the batch of this name (created when there is none): default MONyy in Sydney time. */
  batchName?: string | null;
  now?: Date;
  onProgress?: (processed: number, total: number) => void;
  log?: { warn(obj: object, msg: string): void };
}

export interface StockUploadResult {
  /** New stock items added. */
  imported: number;
  /** Lines not imported on purpose: headers, the credit line, 'do not order' lines, items already imported. */
  skipped: number;
  alreadyImported: number;
  /** The lines skipped on purpose, with why (items already imported are counted in alreadyImported). */
  skippedLines: LineProblem[];
  errors: LineProblem[];
  /** Lines imported with a note (an id whose month or year could not be read). */
  warnings: LineProblem[];
  format: ParsedStockFile['format'];
  batch: BatchView;
  batchCreated: boolean;
  message: string;
}

/**
 * The stream id of an uploaded line's item, the same every time for this batch and comic id: a
 * second run of the same file finds its items already there (append with 'no_stream' refuses) and
 * adds nothing twice; a run that died half way is finished by running it again.
 */
export function uploadedStockItemId(batchId: string, comicId: string): string {
  return `u${createHash('sha256').update(`${batchId}\n${comicId.trim().toUpperCase()}`).digest('hex').slice(0, 40)}`;
}

/** The batch an upload creates for a name: the same id for the same name (so a re-run finds it). */
export function uploadBatchId(name: string): string {
  return `upload-${createHash('sha256').update(name.trim().toUpperCase()).digest('hex').slice(0, 24)}`;
}

/**
 * Two-digit supplier years below this read as 20xx: up to NEXT year (docs/catalogue.md), so in
 * November 2026 'NOV26' is 2026 and a pre-order 'JAN27' is 2027, while 'NOV95' stays 1995.
 */
export function supplierYearPivot(now: Date): number {
  return (shopMonth(now).year % 100) + 2;
}

type ActiveBatch = Exclude<BatchState, { status: 'absent' }>;

/**
 * The batch an upload goes to when none is named: the month ('NOV26') for Diamond's files; for a
 * Lunar or PRH file, its distributor and earliest FOC date ('Lunar FOC 2026-12-01'), so a FOC week's
 * file never lands in the month's Diamond batch and a re-run finds its batch again.
 */
export function defaultBatchNameOf(parsed: Pick<ParsedStockFile, 'format' | 'lines'>, now: Date): string {
  if (parsed.format !== 'lunar' && parsed.format !== 'prh') return defaultUploadBatchName(now);
  const label = parsed.format === 'lunar' ? SUPPLIER_TYPE_LABELS.lunar : 'PRH';
  const focs = parsed.lines.flatMap((l) => (l.focDate ? [l.focDate] : [])).sort();
  return focs[0] ? `${label} FOC ${focs[0]}` : `${label} ${defaultUploadBatchName(now)}`;
}

async function resolveBatch(
  ctx: Deps,
  parsed: ParsedStockFile,
  options: StockUploadOptions,
  metadata: EventMetadata,
  now: Date,
): Promise<{ batch: ActiveBatch; created: boolean }> {
  if (options.batchId) {
    const { state } = await loadBatch(ctx, options.batchId);
    if (state.status !== 'active') throw new DomainError(BATCH_NOT_FOUND_MESSAGE, 'not-found');
    return { batch: state, created: false };
  }
  const name = options.batchName?.trim() || defaultBatchNameOf(parsed, now);
  const existing = await ctx.db
    .selectFrom('batches')
    .select('batch_id')
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
    .orderBy('created_position', 'desc')
    .executeTakeFirst();
  if (existing) {
    const { state } = await loadBatch(ctx, existing.batch_id);
    if (state.status === 'active') return { batch: state, created: false };
  }
  // A new batch: Diamond CSV for new comics; the stock file and Lunar's and PRH's files (FOC weeks) for pre-orders.
  const distributor = parsed.format === 'lunar' || parsed.format === 'prh' ? parsed.format : null;
  const fields = batchInputSchema(now).parse({
    name,
    type: parsed.format === 'diamond-csv' ? 'diamond' : 'pre',
    ...(distributor ? { supplierType: distributor } : {}),
  });
  let batchId = uploadBatchId(name);
  for (let attempt = 0; attempt < 3; attempt++) {
    const { state } = await loadBatch(ctx, batchId);
    if (state.status === 'active') return { batch: state, created: false };
    if (state.status === 'deleted') {
      batchId = randomUUID();
      continue;
    }
    try {
      const { state: created } = await handle(
        ctx,
        batchDecider,
        batchStream(batchId),
        { type: 'CreateBatch', data: { batchId, batch: fields } },
        metadata,
      );
      return { batch: created as ActiveBatch, created: true };
    } catch (e) {
      if (!(e instanceof ConcurrencyError) && !(e instanceof DomainError && e.kind === 'conflict')) throw e;
    }
  }
  throw new DomainError('The upload batch could not be created; please try again', 'conflict');
}

/**
 * Release month and year: from the file's release date when it has one (Lunar, PRH), else from a
 * Diamond code ('NOV26...'); a Lunar or PRH line without a date has none (their codes are not Diamond's).
 */
function releaseOf(line: StockFileLine, pivot: number): { month: number; year: number; warnings: string[] } {
  if (line.releaseDate) return { month: Number(line.releaseDate.slice(5, 7)), year: Number(line.releaseDate.slice(0, 4)), warnings: [] };
  if (line.supplierType) return { month: 0, year: 0, warnings: [] };
  return releaseFromSupplierCode(line.comicId, pivot);
}

function itemFields(
  line: StockFileLine,
  batch: ActiveBatch,
  pivot: number,
  warnings: LineProblem[],
  issue: IssueOfTitle,
  series: SeriesRef | null,
): StockItemFields {
  const release = releaseOf(line, pivot);
  for (const warning of release.warnings) warnings.push({ line: line.line, reason: warning });
  return {
    comicId: line.comicId,
    itemType: batch.batch.itemType,
    periodType: batch.batch.periodType,
    supplierType: line.supplierType ?? 'diamond',
    mainDescription: line.description,
    variantDescription: '',
    publisher: line.publisher,
    srp: line.priceCents,
    priceOverride: 0,
    number: line.quantity,
    initialQuantity: line.quantity,
    salesQuantity: 0,
    salesValue: 0,
    releaseMonth: release.month,
    releaseYear: release.year,
    writer: line.writer,
    artist: line.artist,
    coverArtist: line.coverArtist,
    selected: false,
    images: [],
    hasImage: false,
    pnp: 0,
    key: false,
    ebaySku: null,
    ebayListingId: null,
    ...ISSUE_FIELD_DEFAULTS,
    seriesId: series?.seriesId ?? null,
    seriesTitle: series?.title ?? '',
    issueNumber: issue.issueNumber,
    cover: line.ratio ? `1:${line.ratio}` : issue.cover,
    printing: issue.printing,
    focDate: line.focDate ?? null,
    releaseDate: line.releaseDate ?? null,
    upc: line.upc ?? '',
    batch: snapshotOf(batch),
  };
}

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-AU')} ${n === 1 ? one : many}`;

/**
 * Imports the good lines of a parsed stock file into a batch: one AddStockItem per comic id on a
 * stream named from the batch and the comic id, appended in bulk (appendNewStreams). A new item
 * takes its release month and year from its id ('NOV26...' -> November 2026; years up to next
 * year read as 20xx).
 */
export async function importStockFile(
  ctx: Deps,
  parsed: ParsedStockFile,
  options: StockUploadOptions,
  metadata: EventMetadata,
): Promise<StockUploadResult> {
  const now = options.now ?? new Date();
  const { batch, created } = await resolveBatch(ctx, parsed, options, metadata, now);
  const pivot = supplierYearPivot(now);
  const warnings: LineProblem[] = [];
  const skippedLines = [...parsed.skipped];
  // Series, issue number, cover and printing from each title; the series found or started in bulk.
  const issues = parsed.lines.map((line) => issueOfTitle(line.description));
  const seriesByKey = await seriesForImport(
    ctx,
    parsed.lines.flatMap((line, i) => {
      const title = issues[i]!.seriesTitle;
      return title ? [{ title, publisher: line.publisher }] : [];
    }),
    metadata,
  );
  const seriesOf = (issue: IssueOfTitle) => (issue.seriesTitle ? (seriesByKey.get(seriesKey(issue.seriesTitle)) ?? null) : null);
  // One item per comic id: a later line with the same id is skipped (the first one's quantity counts).
  const firstLineOf = new Map<string, number>();
  const streams: NewStream[] = [];
  for (const [index, line] of parsed.lines.entries()) {
    const issue = issues[index]!;
    const stockItemId = uploadedStockItemId(batch.batchId, line.comicId);
    const first = firstLineOf.get(stockItemId);
    if (first !== undefined) {
      skippedLines.push({ line: line.line, reason: `same comic id as line ${first}` });
      continue;
    }
    firstLineOf.set(stockItemId, line.line);
    const events = stockItemDecider.decide(
      { type: 'AddStockItem', data: { stockItemId, item: itemFields(line, batch, pivot, warnings, issue, seriesOf(issue)) } },
      stockItemDecider.initialState(),
    );
    streams.push({ streamId: stockStream(stockItemId), events });
  }
  const total = streams.length;
  options.onProgress?.(0, total);
  const appended = await appendNewStreams(ctx, stockItemDecider.streamType, streams, metadata, (done) => options.onProgress?.(done, total));
  const imported = appended.created.length;
  const alreadyImported = appended.existing.length;
  skippedLines.sort((a, b) => a.line - b.line);
  warnings.sort((a, b) => a.line - b.line);
  if (warnings.length > 0)
    options.log?.warn(
      { warnings: warnings.slice(0, 20), count: warnings.length },
      'stock upload: supplier codes with an unknown month or year',
    );
  const skipped = skippedLines.length + alreadyImported;
  const parts = [`Imported ${plural(imported, 'item')} into ${batch.batch.name}`];
  if (alreadyImported > 0) parts.push(`${plural(alreadyImported, 'item')} already imported`);
  if (skippedLines.length > 0) parts.push(`${plural(skippedLines.length, 'line')} skipped`);
  if (parsed.errors.length > 0) parts.push(`${plural(parsed.errors.length, 'line')} with errors`);
  return {
    imported,
    skipped,
    alreadyImported,
    skippedLines,
    errors: parsed.errors,
    warnings,
    format: parsed.format,
    batch: batchViewOf(batch),
    batchCreated: created,
    message: `${parts.join('; ')}.`,
  };
}
