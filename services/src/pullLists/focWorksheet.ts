/**
 * The distributor order worksheet: for a FOC date and a distributor, every issue with its
 * subscriptions, pre-orders and shelf copies, the suggested total, and the admin's own total;
 * adjusting and exporting are events on the worksheet's stream.
 */
import { sql } from 'kysely';
import type { FocWorksheetAnswer } from '@shop/domain/contract/pullLists';
import { stockItemName } from '@shop/domain/catalogue/index';
import {
  focWorksheetDecider,
  focWorksheetStreamId,
  type FocDistributor,
  type FocQuery,
  type FocWorksheetState,
} from '@shop/domain/pullLists/index';
import { isMainCover } from '@shop/domain/series/index';
import { DomainError } from '@shop/domain/shared/decider';
import type { EventMetadata } from '@shop/domain/shared/events';
import type { UserIdentity } from '../accounts/actor.ts';
import type { Deps } from '../deps/deps.ts';
import { handle } from '../commands/handle.ts';
import { loadStream } from '../commands/loadStream.ts';
import { orderFileCsv, orderFileName } from './focExportFormats.ts';

type Ctx = Pick<Deps, 'store' | 'ids' | 'db' | 'clock'>;

interface WorksheetLine {
  stockId: string;
  comicId: string;
  upc: string;
  title: string;
  subscriptions: number;
  preOrders: number;
  shelf: number;
  suggested: number;
}

/** The figures, from the read models: items of the distributor whose FOC date is `date`. */
async function worksheetLines(ctx: Ctx, { date, distributor }: FocQuery): Promise<WorksheetLine[]> {
  const items = await ctx.db
    .selectFrom('stock_items as s')
    .leftJoin('series as se', 'se.series_id', 's.series_id')
    .select([
      's.stock_item_id',
      's.comic_id',
      's.upc',
      's.main_description',
      's.variant_description',
      's.cover',
      's.series_id',
      'se.shelf_copies',
    ])
    .where('s.order_by', '=', date)
    .where('s.supplier_type', '=', distributor)
    .orderBy('s.sort_title')
    .orderBy('s.added_position')
    .execute();
  if (items.length === 0) return [];
  const ids = items.map((i) => i.stock_item_id);
  const [subscribed, ordered] = await Promise.all([
    ctx.db
      .selectFrom('pull_list_reservations')
      .select(['stock_id', sql<string>`sum(quantity + awaiting)`.as('copies')])
      .where('stock_id', 'in', ids)
      .where('status', 'in', ['reserved', 'released'])
      .groupBy('stock_id')
      .execute(),
    // Pre-orders: lines of completed (paid) orders; pull-list lines are counted as subscriptions.
    sql<{ stock_id: string; copies: string }>`
      select line->>'stockItemId' as stock_id, sum((line->>'quantity')::int) as copies
      from orders, jsonb_array_elements(state->'orderItems') as line
      where complete and not deleted and line->>'stockItemId' = any(${ids}::text[])
        and coalesce((line->>'pullList')::boolean, false) = false
      group by 1`
      .execute(ctx.db)
      .then((r) => r.rows),
  ]);
  const subscriptions = new Map(subscribed.map((r) => [r.stock_id, Number(r.copies)]));
  const preOrders = new Map(ordered.map((r) => [r.stock_id, Number(r.copies)]));
  return items.map((i) => {
    const line = {
      stockId: i.stock_item_id,
      comicId: i.comic_id,
      upc: i.upc,
      title: stockItemName({ mainDescription: i.main_description, variantDescription: i.variant_description }),
      subscriptions: subscriptions.get(i.stock_item_id) ?? 0,
      preOrders: preOrders.get(i.stock_item_id) ?? 0,
      // The shelf default is copies of each new issue: of its main cover, not of every variant.
      shelf: i.series_id && isMainCover(i.cover) ? (i.shelf_copies ?? 0) : 0,
    };
    return { ...line, suggested: line.subscriptions + line.preOrders + line.shelf };
  });
}

function answerOf(query: FocQuery, lines: readonly WorksheetLine[], state: FocWorksheetState): FocWorksheetAnswer {
  return {
    date: query.date,
    distributor: query.distributor,
    lines: lines.map(({ upc: _upc, ...l }) => {
      const adjusted = state.adjusted.get(l.stockId);
      return { ...l, total: adjusted ?? l.suggested, adjusted: adjusted !== undefined };
    }),
    exports: [...state.exports].reverse().map((e) => ({
      exportId: e.exportId,
      at: e.at,
      byEmail: e.byEmail,
      fileName: e.fileName,
      lineCount: e.lines.length,
      copies: e.lines.reduce((s, l) => s + l.total, 0),
    })),
  };
}

const streamOf = (q: FocQuery) => focWorksheetStreamId(q.distributor, q.date);

/** GET /admin-foc?date=&distributor=. */
export async function focWorksheet(ctx: Ctx, query: FocQuery): Promise<FocWorksheetAnswer> {
  const [lines, { state }] = await Promise.all([worksheetLines(ctx, query), loadStream(ctx.store, focWorksheetDecider, streamOf(query))]);
  return answerOf(query, lines, state);
}

/** PUT /admin-foc: the admin's totals (null: back to the suggested one), for items on the worksheet only. */
export async function adjustFocTotals(
  ctx: Ctx,
  query: FocQuery,
  totals: ReadonlyArray<{ stockId: string; total: number | null }>,
  metadata: EventMetadata,
): Promise<FocWorksheetAnswer> {
  const lines = await worksheetLines(ctx, query);
  const byId = new Map(lines.map((l) => [l.stockId, l]));
  const unknown = totals.find((t) => !byId.has(t.stockId));
  if (unknown) {
    throw new DomainError(`Item ${unknown.stockId} is not on the ${query.distributor} worksheet of ${query.date}`, 'invalid');
  }
  const { state } = await handle(
    ctx,
    focWorksheetDecider,
    streamOf(query),
    {
      type: 'AdjustTotals',
      data: {
        ...query,
        totals: totals.map((t) => {
          const line = byId.get(t.stockId)!;
          return { stockId: t.stockId, comicId: line.comicId, title: line.title, total: t.total };
        }),
      },
    },
    metadata,
  );
  return answerOf(query, lines, state);
}

/**
 * GET /admin-foc/export: the order file with the adjusted totals (lines with nothing to order left
 * out), recorded as FocOrderExported (who, when, every line) before it is answered.
 */
export async function exportFocOrder(
  ctx: Ctx,
  query: FocQuery & { distributor: FocDistributor },
  admin: UserIdentity,
  metadata: EventMetadata,
): Promise<{ csv: string; fileName: string }> {
  const [sheet, { state }] = await Promise.all([worksheetLines(ctx, query), loadStream(ctx.store, focWorksheetDecider, streamOf(query))]);
  const upcs = new Map(sheet.map((l) => [l.stockId, l.upc]));
  const lines = answerOf(query, sheet, state)
    .lines.filter((l) => l.total > 0)
    .map((l) => ({ stockId: l.stockId, comicId: l.comicId, title: l.title, total: l.total }));
  const fileName = orderFileName(query.distributor, query.date);
  await handle(
    ctx,
    focWorksheetDecider,
    streamOf(query),
    {
      type: 'RecordExport',
      data: {
        ...query,
        exportId: ctx.ids(),
        at: ctx.clock().toISOString(),
        byUserId: admin.userId,
        byEmail: admin.email,
        fileName,
        lines,
      },
    },
    metadata,
  );
  return {
    csv: orderFileCsv(
      query.distributor,
      lines.map((l) => ({ ...l, upc: upcs.get(l.stockId) ?? '' })),
    ),
    fileName,
  };
}
