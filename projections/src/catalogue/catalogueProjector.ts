import { sql, type Transaction } from 'kysely';
import {
  BATCH_EVENT_TYPES,
  itemFocDate,
  itemPriceCents,
  withIssueDefaults,
  STOCK_ITEM_EVENT_TYPES,
  type BatchEvent,
  type StockItemEvent,
  type StockItemFields,
} from '@shop/domain/catalogue/index';
import type { SeriesEvent } from '@shop/domain/series/index';
import type { RecordedEvent } from '@shop/domain/shared/events';
import type { Projector } from '../runner/projector.ts';
import type { ReadModels } from '../schema.ts';
import type { CatalogueTables } from './tables.ts';
import { sortTitle } from './sortTitle.ts';

type Trx = Transaction<ReadModels>;
type StockRow = CatalogueTables['stock_items'];
type Insertable = Omit<StockRow, 'search_vector' | 'search_title' | 'search_compact' | 'in_stock'>;

const date = (iso: string | null | undefined) => (iso ? new Date(iso) : null);

/** What an item takes from its batch now: the discount (the snapshot's when the batch is gone) and the cut-off date. */
interface BatchTerms {
  discountPercent: number;
  cutOffDate: Date | null;
}

async function batchTermsOf(trx: Trx, batchId: string | null | undefined, fallback: number): Promise<BatchTerms> {
  if (!batchId) return { discountPercent: 0, cutOffDate: null };
  const row = await trx
    .selectFrom('batches')
    .select(['discount_percent', 'cut_off_date'])
    .where('batch_id', '=', batchId)
    .executeTakeFirst();
  return { discountPercent: row?.discount_percent ?? fallback, cutOffDate: row?.cut_off_date ?? null };
}

async function discountOf(trx: Trx, batchId: string | null | undefined, fallback: number): Promise<number> {
  return (await batchTermsOf(trx, batchId, fallback)).discountPercent;
}

/** Sets order_by (itemFocDate) of the given items, from their row and their batch's cut-off. */
async function refreshOrderBy(trx: Trx, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const rows = await trx
    .selectFrom('stock_items as s')
    .leftJoin('batches as b', 'b.batch_id', 's.batch_id')
    .select(['s.stock_item_id', 's.period_type', 's.foc_date', 's.order_by', 'b.cut_off_date'])
    .where('s.stock_item_id', 'in', [...ids])
    .execute();
  for (const row of rows) {
    const orderBy = itemFocDate({ periodType: row.period_type, focDate: row.foc_date }, row.cut_off_date);
    if (orderBy !== row.order_by)
      await trx.updateTable('stock_items').set({ order_by: orderBy }).where('stock_item_id', '=', row.stock_item_id).execute();
  }
}

function rowOf(stockItemId: string, recorded: StockItemFields, terms: BatchTerms, position: string): Insertable {
  const item = withIssueDefaults(recorded);
  const discountPercent = terms.discountPercent;
  return {
    stock_item_id: stockItemId,
    comic_id: item.comicId,
    item_type: item.itemType,
    period_type: item.periodType,
    supplier_type: item.supplierType,
    publisher: item.publisher,
    main_description: item.mainDescription,
    variant_description: item.variantDescription,
    writer: item.writer,
    artist: item.artist,
    cover_artist: item.coverArtist,
    selected: item.selected,
    srp: item.srp,
    price_override: item.priceOverride,
    number: item.number,
    available: item.number,
    initial_quantity: item.initialQuantity,
    sales_quantity: item.salesQuantity,
    sales_value: item.salesValue,
    release_month: item.releaseMonth,
    release_year: item.releaseYear,
    images: item.images,
    has_image: item.hasImage,
    pnp: item.pnp,
    key: item.key,
    ebay_sku: item.ebaySku ?? null,
    ebay_listing_id: item.ebayListingId ?? null,
    batch_id: item.batch?.batchId ?? null,
    batch_name: item.batch?.batchName ?? null,
    batch_date: date(item.batch?.batchDate),
    series_id: item.seriesId,
    series_title: item.seriesTitle,
    issue_number: item.issueNumber,
    cover: item.cover,
    printing: item.printing,
    foc_date: item.focDate,
    release_date: item.releaseDate,
    upc: item.upc,
    order_by: itemFocDate(item, terms.cutOffDate),
    price: itemPriceCents({ srp: item.srp, priceOverride: item.priceOverride, discountPercent: discountPercent }),
    sort_title: sortTitle(item.mainDescription, item.variantDescription),
    added_position: position,
  };
}

/** Columns an edit can change, by field name (batch, price and sort key are derived separately). */
const EDITABLE: Partial<Record<keyof StockItemFields, keyof Insertable>> = {
  comicId: 'comic_id',
  itemType: 'item_type',
  periodType: 'period_type',
  supplierType: 'supplier_type',
  publisher: 'publisher',
  mainDescription: 'main_description',
  variantDescription: 'variant_description',
  writer: 'writer',
  artist: 'artist',
  coverArtist: 'cover_artist',
  selected: 'selected',
  srp: 'srp',
  priceOverride: 'price_override',
  initialQuantity: 'initial_quantity',
  salesQuantity: 'sales_quantity',
  salesValue: 'sales_value',
  releaseMonth: 'release_month',
  releaseYear: 'release_year',
  images: 'images',
  hasImage: 'has_image',
  pnp: 'pnp',
  key: 'key',
  ebaySku: 'ebay_sku',
  ebayListingId: 'ebay_listing_id',
  seriesId: 'series_id',
  seriesTitle: 'series_title',
  issueNumber: 'issue_number',
  cover: 'cover',
  printing: 'printing',
  focDate: 'foc_date',
  releaseDate: 'release_date',
  upc: 'upc',
};

async function insertItems(trx: Trx, rows: Insertable[]): Promise<void> {
  // 43 columns: 1,500 rows stay under PostgreSQL's 65,535 parameters.
  for (let i = 0; i < rows.length; i += 1500) {
    const chunk = rows.slice(i, i + 1500).map((r) => ({ ...r, images: JSON.stringify(r.images) as never }));
    await trx.insertInto('stock_items').values(chunk).execute();
  }
}

async function repriceBatch(trx: Trx, batchId: string, discountPercent: number): Promise<void> {
  const items = await trx
    .selectFrom('stock_items')
    .select(['stock_item_id', 'srp', 'price_override'])
    .where('batch_id', '=', batchId)
    .execute();
  if (items.length === 0) return;
  const prices = items.map((i) => itemPriceCents({ srp: i.srp, priceOverride: i.price_override, discountPercent }));
  await sql`
    update stock_items s set price = u.price
    from unnest(${items.map((i) => i.stock_item_id)}::text[], ${prices}::int[]) as u(id, price)
    where s.stock_item_id = u.id`.execute(trx);
}

async function applyBatchEvent(trx: Trx, event: BatchEvent, position: string): Promise<void> {
  switch (event.type) {
    case 'BatchCreated': {
      const b = event.data;
      await trx
        .insertInto('batches')
        .values({
          batch_id: b.batchId,
          name: b.name,
          type: b.type,
          item_type: b.itemType,
          period_type: b.periodType ?? null,
          supplier_type: b.supplierType ?? null,
          publish_date: date(b.publishDate),
          cut_off_date: date(b.cutOffDate),
          discount_percent: b.discountPercent,
          value: b.value,
          hide_home_page: b.hideHomePage,
          is_default: b.default,
          created_position: position,
        })
        .execute();
      return;
    }
    case 'BatchEdited': {
      const c = event.data.changes;
      const set: Partial<CatalogueTables['batches']> = {};
      if (c.name !== undefined) set.name = c.name;
      if (c.type !== undefined) set.type = c.type;
      if (c.itemType !== undefined) set.item_type = c.itemType;
      if (c.periodType !== undefined) set.period_type = c.periodType;
      if (c.supplierType !== undefined) set.supplier_type = c.supplierType;
      if (c.publishDate !== undefined) set.publish_date = date(c.publishDate);
      if (c.cutOffDate !== undefined) set.cut_off_date = date(c.cutOffDate);
      if (c.discountPercent !== undefined) set.discount_percent = c.discountPercent;
      if (c.value !== undefined) set.value = c.value;
      if (c.hideHomePage !== undefined) set.hide_home_page = c.hideHomePage;
      if (c.default !== undefined) set.is_default = c.default;
      if (Object.keys(set).length > 0) await trx.updateTable('batches').set(set).where('batch_id', '=', event.data.batchId).execute();
      const itemSet: Partial<Insertable> = {};
      if (c.name !== undefined) itemSet.batch_name = c.name;
      if (c.publishDate !== undefined) itemSet.batch_date = date(c.publishDate);
      if (Object.keys(itemSet).length > 0)
        await trx.updateTable('stock_items').set(itemSet).where('batch_id', '=', event.data.batchId).execute();
      if (c.discountPercent !== undefined) await repriceBatch(trx, event.data.batchId, c.discountPercent);
      if (c.cutOffDate !== undefined) {
        const items = await trx.selectFrom('stock_items').select('stock_item_id').where('batch_id', '=', event.data.batchId).execute();
        await refreshOrderBy(
          trx,
          items.map((i) => i.stock_item_id),
        );
      }
      return;
    }
    case 'BatchDeleted':
      await trx.deleteFrom('batches').where('batch_id', '=', event.data.batchId).execute();
      return;
    case 'BatchCleared':
      return; // the items it names are deleted by their own StockItemDeleted events
  }
}

/** Every stock event but holds, releases and sales, which `apply` writes in runs (writeMovements). */
async function applyStockEvent(trx: Trx, event: StockItemEvent, position: string): Promise<void> {
  const id = event.data.stockItemId;
  const update = (set: Partial<Insertable>) => trx.updateTable('stock_items').set(set).where('stock_item_id', '=', id).execute();
  switch (event.type) {
    case 'StockItemAdded': {
      const terms = await batchTermsOf(trx, event.data.batch?.batchId, event.data.batch?.discountPercent ?? 0);
      await insertItems(trx, [rowOf(id, event.data, terms, position)]);
      return;
    }
    case 'StockItemEdited': {
      const { changes, previous } = event.data;
      const set: Record<string, unknown> = {};
      for (const [field, column] of Object.entries(EDITABLE) as [keyof StockItemFields, keyof Insertable][]) {
        if (changes[field] !== undefined) set[column] = column === 'images' ? JSON.stringify(changes[field]) : changes[field];
      }
      if (changes.number !== undefined) {
        set.number = changes.number;
        set.available = sql`available + ${changes.number - (previous.number ?? changes.number)}`;
      }
      if (changes.batch !== undefined) {
        set.batch_id = changes.batch?.batchId ?? null;
        set.batch_name = changes.batch?.batchName ?? null;
        set.batch_date = date(changes.batch?.batchDate);
      }
      if (Object.keys(set).length > 0) await update(set as Partial<Insertable>);
      if (changes.focDate !== undefined || changes.periodType !== undefined || changes.batch !== undefined) await refreshOrderBy(trx, [id]);
      if (
        changes.srp !== undefined ||
        changes.priceOverride !== undefined ||
        changes.batch !== undefined ||
        changes.mainDescription !== undefined ||
        changes.variantDescription !== undefined
      ) {
        const row = await trx
          .selectFrom('stock_items')
          .select(['srp', 'price_override', 'batch_id', 'main_description', 'variant_description'])
          .where('stock_item_id', '=', id)
          .executeTakeFirstOrThrow();
        const discount = await discountOf(trx, row.batch_id, changes.batch?.discountPercent ?? 0);
        await update({
          price: itemPriceCents({ srp: row.srp, priceOverride: row.price_override, discountPercent: discount }),
          sort_title: sortTitle(row.main_description, row.variant_description),
        });
      }
      return;
    }
    case 'StockQuantityAdjusted':
      await update({ number: event.data.number, available: sql`available + ${event.data.by}` as never });
      return;
    case 'StockImagesChanged':
      await update({ images: JSON.stringify(event.data.images) as never, has_image: event.data.hasImage });
      return;
    case 'StockItemDeleted':
      await trx.deleteFrom('stock_items').where('stock_item_id', '=', id).execute();
      return;
    case 'StockSoldExternally':
      await update({
        number: event.data.number,
        available: sql`greatest(0, available - ${event.data.taken})` as never,
        sales_quantity: event.data.salesQuantity,
        sales_value: event.data.salesValue,
      });
      return;
  }
}

/** A series renamed or merged: its items show the new title, a merged series' items move to the series that lives on. */
async function applySeriesEvent(trx: Trx, event: SeriesEvent): Promise<void> {
  if (event.type === 'SeriesEdited' && event.data.changes.title !== undefined) {
    await trx
      .updateTable('stock_items')
      .set({ series_title: event.data.changes.title })
      .where('series_id', '=', event.data.seriesId)
      .execute();
  }
  if (event.type === 'SeriesMerged') {
    await trx
      .updateTable('stock_items')
      .set({ series_id: event.data.intoSeriesId, series_title: event.data.intoTitle })
      .where('series_id', '=', event.data.seriesId)
      .execute();
  }
}

const BATCH_TYPES = new Set<string>(BATCH_EVENT_TYPES);
/** The series events that change stock items. */
const SERIES_TYPES = new Set<string>(['SeriesEdited', 'SeriesMerged']);

type Movement = Extract<StockItemEvent, { type: 'StockHeld' | 'StockHoldReleased' | 'StockSold' }>;
const MOVEMENT_TYPES = new Set<string>(['StockHeld', 'StockHoldReleased', 'StockSold']);

/** The columns a hold, release or sale sets. Each event carries the values after it, so the last one of a run wins. */
interface MovedColumns {
  available?: number;
  number?: number;
  salesQuantity?: number;
  salesValue?: number;
}

function movementOf(event: Movement, columns: MovedColumns): MovedColumns {
  if (event.type === 'StockSold')
    return { ...columns, number: event.data.number, salesQuantity: event.data.salesQuantity, salesValue: event.data.salesValue };
  return { ...columns, available: event.data.available };
}

/** One statement for a run of holds, releases and sales (a checkout makes two per line). */
async function writeMovements(trx: Trx, moved: ReadonlyMap<string, MovedColumns>): Promise<void> {
  if (moved.size === 0) return;
  const rows = [...moved];
  const column = (pick: (c: MovedColumns) => number | undefined) => rows.map(([, c]) => pick(c) ?? null);
  await sql`
    update stock_items s set
      available = coalesce(u.available, s.available),
      number = coalesce(u.number, s.number),
      sales_quantity = coalesce(u.sales_quantity, s.sales_quantity),
      sales_value = coalesce(u.sales_value, s.sales_value)
    from unnest(${rows.map(([id]) => id)}::text[], ${column((c) => c.available)}::int[], ${column((c) => c.number)}::int[],
                ${column((c) => c.salesQuantity)}::int[], ${column((c) => c.salesValue)}::bigint[])
      as u(id, available, number, sales_quantity, sales_value)
    where s.stock_item_id = u.id`.execute(trx);
}

/** stock_items and batches: what shoppers browse and search, and what the admin lists. */
export const catalogueProjector: Projector = {
  name: 'catalogue',
  tables: ['batches', 'stock_items'],
  eventTypes: [...BATCH_EVENT_TYPES, ...STOCK_ITEM_EVENT_TYPES, ...SERIES_TYPES],
  async apply(trx, events: RecordedEvent[]) {
    // Runs of additions become one multi-row insert (imports and demo data add thousands at once),
    // runs of holds, releases and sales one update.
    let pending: Insertable[] = [];
    let moved = new Map<string, MovedColumns>();
    const flush = async () => {
      if (pending.length > 0) await insertItems(trx, pending);
      pending = [];
      await writeMovements(trx, moved);
      moved = new Map();
    };
    for (const event of events) {
      const position = event.position.globalPosition.toString();
      if (BATCH_TYPES.has(event.type)) {
        await flush();
        await applyBatchEvent(trx, event as unknown as BatchEvent, position);
      } else if (SERIES_TYPES.has(event.type)) {
        await flush();
        await applySeriesEvent(trx, event as unknown as SeriesEvent);
      } else if (event.type === 'StockItemAdded') {
        const added = event as unknown as Extract<StockItemEvent, { type: 'StockItemAdded' }>;
        const terms = await batchTermsOf(trx, added.data.batch?.batchId, added.data.batch?.discountPercent ?? 0);
        if (moved.size > 0) await flush();
        pending.push(rowOf(added.data.stockItemId, added.data, terms, position));
      } else if (MOVEMENT_TYPES.has(event.type)) {
        if (pending.length > 0) await flush();
        const movement = event as unknown as Movement;
        moved.set(movement.data.stockItemId, movementOf(movement, moved.get(movement.data.stockItemId) ?? {}));
      } else {
        await flush();
        await applyStockEvent(trx, event as unknown as StockItemEvent, position);
      }
    }
    await flush();
  },
};
