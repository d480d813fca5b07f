import multipart from '@fastify/multipart';
import { parseListingQuantity, DEFAULT_LISTING_QUANTITY } from '@shop/domain/marketplace/batchQuantity';
import { SALES_FILE_COLUMNS } from '@shop/domain/marketplace/salesFile';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ListingNotFoundError,
  MarketplaceAuthError,
  MarketplaceError,
  MarketplaceRateLimitError,
} from '../../../marketplace/marketplace.ts';
import { enqueueBatchJob, type BatchAction } from '../../../marketplaceSync/batchJobs.ts';
import {
  clearListing,
  deleteListing,
  refreshListing,
  skuOf,
  uploadListing,
  type ListingOutcome,
  type SyncDeps,
} from '../../../marketplaceSync/listings.ts';
import { itemsByCode, ordersProcessed, stockCheck } from '../../../marketplaceSync/queries.ts';
import { comicOf, loadStockItem, requireStockItem } from '../../../marketplaceSync/stockItems.ts';
import { updateTransactions, uploadSalesFile } from '../../../marketplaceSync/transactions.ts';
import { listOversold, resolveOversold } from '../../../marketplaceSync/oversold.ts';
import { quantitySyncStatus } from '../../../marketplaceSync/quantitySync.ts';
import { actorOf, type UserIdentity } from '../../auth/identity.ts';
import type { AppContext } from '../../context.ts';
import { HttpError } from '../../errors.ts';
import { requestMetadata } from '../../requestMetadata.ts';
import { readSiteSettings } from '../siteSettings.ts';
import { adminRoute, type AdminHandler, type AdminRouteOptions } from '../admin/adminRoute.ts';
import { marketplaceCalls, resolveOversoldBody, salesRowsBody } from '@shop/domain/contract/marketplace';
import type { OversoldResolution } from '@shop/domain/marketplace/oversold';

/** The largest sales file taken (eBay's reports of a year are a few MB). */
export const SALES_FILE_MAX_BYTES = 20 * 1024 * 1024;

const codeParams = z.object({ code: z.string().trim().min(1, 'A code is required').max(100, 'A code can be at most 100 characters') });
const idParams = z.object({ id: z.string() });
const batchParams = z.object({ batchName: z.string(), quantity: z.string() });

/**
 * The marketplace's errors as answers: a rate limit is 503 with Retry-After, refused credentials
 * 502, an item eBay does not know 409, a listing eBay refuses 422, and eBay failing or unreachable 502.
 */
function marketplaceAnswer(e: unknown, reply: FastifyReply): { status: number; message: string } | null {
  if (e instanceof MarketplaceRateLimitError) {
    reply.header('retry-after', String(Math.max(1, Math.ceil((e.retryAfterMs ?? 30_000) / 1000))));
    return { status: 503, message: e.message };
  }
  if (e instanceof MarketplaceAuthError) return { status: 502, message: `eBay refused the shop's credentials: ${e.message}` };
  if (e instanceof ListingNotFoundError) return { status: 409, message: e.message };
  if (e instanceof MarketplaceError) {
    const refused = e.status === null ? e.cause === undefined : e.status >= 400 && e.status < 500;
    return refused ? { status: 422, message: `eBay refused it: ${e.message}` } : { status: 502, message: `eBay failed: ${e.message}` };
  }
  return null;
}

/** The marketplace calls of admin spec section 7 (`/ebay-*`, `/admin-orders-processed`, `/add-ebay-sales`). */
export function marketplaceRoutes(parent: FastifyInstance, ctx: AppContext): void {
  parent.register(async (app) => {
    // The admin permissions test walks these routes too (each is an adminRoute).
    app.addHook('onRoute', (r) => {
      if (!app.hasDecorator('adminRoutes')) return;
      const records = app.adminRoutes;
      for (const method of [r.method].flat()) if (method !== 'HEAD') records.push({ method, url: r.url, admin: r.config?.admin === true });
    });
    await app.register(multipart, { limits: { fileSize: SALES_FILE_MAX_BYTES, files: 1, fields: 10 } });
    registerMarketplaceRoutes(app, ctx);
  });
}

function registerMarketplaceRoutes(app: FastifyInstance, ctx: AppContext): void {
  const deps = (request: FastifyRequest, admin: UserIdentity): SyncDeps => ({
    ctx,
    marketplace: ctx.marketplace,
    metadata: requestMetadata(ctx, request, actorOf(admin)),
  });
  const route = (scope: FastifyInstance, method: 'GET' | 'PUT', url: string, handler: AdminHandler, options: AdminRouteOptions = {}) =>
    adminRoute(
      scope,
      ctx,
      method,
      url,
      async (request, reply, admin) => {
        try {
          return await handler(request, reply, admin);
        } catch (e) {
          const answer = marketplaceAnswer(e, reply);
          if (!answer) throw e;
          return reply.status(answer.status).send({ message: answer.message });
        }
      },
      options,
    );

  const comicAnswer = async (outcome: ListingOutcome) => ({
    comic: await comicOf(ctx, outcome.item),
    message: outcome.message,
    listingId: outcome.listingId,
  });

  // ---- One item: upload, refresh, clear, delete (the comic preview's listing actions) ----
  const itemAction = (action: 'upload' | 'refresh' | 'clear' | 'delete') =>
    route(
      app,
      'GET',
      `/ebay-${action}-comic/:id`,
      async (request, _reply, admin) => {
        const { id } = idParams.parse(request.params);
        const item = await requireStockItem(ctx, id);
        const d = deps(request, admin);
        switch (action) {
          case 'upload':
            return comicAnswer(await uploadListing(d, item, DEFAULT_LISTING_QUANTITY));
          case 'refresh':
            return comicAnswer(await refreshListing(d, item, DEFAULT_LISTING_QUANTITY));
          case 'clear':
            return comicAnswer(await clearListing(d, item));
          case 'delete':
            return comicAnswer(await deleteListing(d, item));
        }
      },
      { schema: marketplaceCalls.listing },
    );
  itemAction('upload');
  itemAction('refresh');
  itemAction('clear');
  itemAction('delete');

  // ---- By code: what eBay has for it, and listing it ----
  route(
    app,
    'GET',
    '/ebay-search/:code',
    async (request) => {
      const { code } = parseParams(codeParams, request.params);
      const rows = await itemsByCode(ctx, code);
      if (rows.length === 0) throw new HttpError(404, `No stock item has the code ${code}`);
      const comics = [];
      const ebayInfos = [];
      for (const row of rows) {
        const item = await loadStockItem(ctx, row.stock_item_id);
        if (!item) continue;
        const sku = skuOf(item);
        const listing = await ctx.marketplace.getListing(sku);
        comics.push(await comicOf(ctx, item));
        ebayInfos.push({
          _id: item.stockItemId,
          sku,
          onEbay: listing !== null,
          listingId: listing?.listingId ?? null,
          status: listing?.status ?? null,
          quantity: listing?.quantity ?? 0,
          price: listing?.priceCents ?? null,
          viewUrl: listing?.listingId ? ctx.marketplace.viewUrl(listing.listingId) : null,
        });
      }
      if (comics.length === 0) throw new HttpError(404, `No stock item has the code ${code}`);
      const listed = ebayInfos.filter((i) => i.onEbay).length;
      return {
        comics,
        ebayInfos,
        message: `${comics.length} stock item${comics.length === 1 ? '' : 's'} with code ${code}, ${listed} on eBay`,
      };
    },
    { schema: marketplaceCalls.search },
  );

  route(
    app,
    'GET',
    '/ebay-list/:code',
    async (request, _reply, admin) => {
      const { code } = parseParams(codeParams, request.params);
      const rows = await itemsByCode(ctx, code);
      const items = (await Promise.all(rows.map((r) => loadStockItem(ctx, r.stock_item_id)))).filter((i) => i !== null);
      if (items.length === 0) throw new HttpError(404, `No stock item has the code ${code}`);
      const d = deps(request, admin);
      const outcomes = [];
      for (const item of items) outcomes.push(await uploadListing(d, item, DEFAULT_LISTING_QUANTITY));
      return {
        comics: await Promise.all(outcomes.map((o) => comicOf(ctx, o.item))),
        comic: await comicOf(ctx, outcomes[0]!.item),
        message: outcomes.map((o) => o.message).join('\n'),
      };
    },
    { schema: marketplaceCalls.list },
  );

  // ---- Batches: jobs with progress ----
  const batchJob = (action: BatchAction) =>
    route(
      app,
      'GET',
      `/ebay-${action}-batch/:batchName/:quantity`,
      async (request, reply, admin) => {
        const params = batchParams.parse(request.params);
        const parsed = parseListingQuantity(params.quantity);
        if (!parsed.ok) throw new HttpError(400, parsed.message);
        const name = params.batchName.trim();
        const batch =
          name === ''
            ? undefined
            : await ctx.db
                .selectFrom('batches')
                .select(['batch_id', 'name'])
                .where((eb) => eb.or([eb('name', '=', name), eb('batch_id', '=', name)]))
                .orderBy('created_position', 'desc')
                .executeTakeFirst();
        if (!batch) throw new HttpError(404, `Batch ${name} not found`);
        if (!ctx.queues) throw new HttpError(503, 'The job queues are not available (Redis is not configured).');
        const metadata = requestMetadata(ctx, request, actorOf(admin));
        const jobId = await enqueueBatchJob(ctx.queues.queue('marketplace'), {
          action,
          batchId: batch.batch_id,
          batchName: batch.name,
          quantity: parsed.quantity,
          actor: metadata.actor,
          correlationId: metadata.correlationId,
        });
        return reply.status(202).send({
          message: `${action === 'upload' ? 'Uploading' : 'Refreshing'} batch ${batch.name} on eBay (quantity ${parsed.quantity}): job ${jobId}`,
          jobId,
          queue: 'marketplace',
        });
      },
      { schema: marketplaceCalls.batchJob },
    );
  batchJob('upload');
  batchJob('refresh');

  // ---- Stock check, update transactions, orders processed ----
  for (const url of ['/ebay-stock-check/', '/ebay-stock-check'])
    route(app, 'GET', url, async () => stockCheck(ctx, ctx.marketplace), { schema: marketplaceCalls.stockCheck });

  route(
    app,
    'GET',
    '/ebay-update-transactions',
    async (request, _reply, admin) => {
      const settings = await readSiteSettings(ctx);
      return updateTransactions(ctx, ctx.marketplace, {
        days: settings.updateTransactionsDays,
        save: settings.updateTransactionsSave,
        metadata: requestMetadata(ctx, request, actorOf(admin)),
      });
    },
    { schema: marketplaceCalls.updateTransactions },
  );

  route(
    app,
    'GET',
    '/ebay-update-transactions-test',
    async (request, _reply, admin) => {
      const settings = await readSiteSettings(ctx);
      return updateTransactions(ctx, ctx.marketplace, {
        days: settings.updateTransactionsDays,
        save: false,
        metadata: requestMetadata(ctx, request, actorOf(admin)),
      });
    },
    { schema: marketplaceCalls.updateTransactions },
  );

  route(app, 'GET', '/admin-orders-processed', async () => ({ orders: await ordersProcessed(ctx) }), {
    schema: marketplaceCalls.ordersProcessed,
  });

  // ---- Oversold sales: both channels sold the last copy; the admin cancels or refunds ----
  const oversoldAnswer = async (message?: string, settled?: { orderId: string; resolution: OversoldResolution; note: string }) => {
    // The command's own change shows at once, whether or not the read model has it yet.
    const oversold = (await listOversold(ctx)).map((o) =>
      settled && o.orderId === settled.orderId && o.resolution === null
        ? { ...o, resolution: settled.resolution, note: settled.note, resolvedAt: new Date().toISOString() }
        : o,
    );
    const open = oversold.filter((o) => o.resolution === null).length;
    return {
      oversold,
      open,
      sync: { ...(await quantitySyncStatus(ctx)), salesPullEverySeconds: ctx.config.EBAY_SYNC_SECONDS },
      message:
        message ?? (open === 0 ? 'No oversold eBay sales to settle.' : `${open} oversold eBay sale${open === 1 ? '' : 's'} to settle.`),
    };
  };
  route(app, 'GET', '/ebay-oversold', async () => oversoldAnswer(), { schema: marketplaceCalls.oversold });
  route(
    app,
    'PUT',
    '/ebay-oversold/:orderId',
    async (request, _reply, admin) => {
      const { orderId } = z.object({ orderId: z.string().trim().min(1).max(100) }).parse(request.params);
      const body = resolveOversoldBody.parse(request.body);
      await resolveOversold(ctx, orderId, body.resolution, body.note ?? '', requestMetadata(ctx, request, actorOf(admin)));
      const words = body.resolution === 'refunded' ? 'refunded' : 'eBay order cancelled';
      return oversoldAnswer(`Recorded: ${words}.`, { orderId, resolution: body.resolution, note: body.note?.trim() ?? '' });
    },
    { schema: marketplaceCalls.resolveOversold },
  );

  // ---- The sales file: multipart `file` (or rows as JSON) ----
  route(
    app,
    'PUT',
    '/add-ebay-sales',
    async (request, _reply, admin) => uploadSalesFile(ctx, await salesFileText(request), requestMetadata(ctx, request, actorOf(admin))),
    { bodyLimit: SALES_FILE_MAX_BYTES, schema: { ...marketplaceCalls.addSales, body: salesRowsBody }, inputsCheckedByHandler: true },
  );
}

function parseParams<S extends z.ZodTypeAny>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw new HttpError(400, result.error.issues[0]?.message ?? 'Bad request');
  return result.data;
}

const quoteCell = (value: unknown) => {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** JSON rows ({ ebaySales: [{ date, type, orderNumber, ... }] }) as the file's fixed columns. */
const salesRowsSchema = z.object({
  ebaySales: z
    .array(z.record(z.unknown()), { required_error: 'Send the sales file as the multipart field "file", or rows as ebaySales' })
    .max(20_000),
});

async function salesFileText(request: FastifyRequest): Promise<string> {
  if (request.isMultipart()) {
    let text: string | null = null;
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const buffer = await part.toBuffer();
        if (part.fieldname === 'file' || text === null) text = buffer.toString('utf8');
      }
    }
    if (text === null) throw new HttpError(400, 'Send the sales file as the multipart field "file"');
    if (text.trim() === '') throw new HttpError(400, 'The sales file is empty');
    return text;
  }
  const parsed = salesRowsSchema.safeParse(request.body ?? {});
  if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? 'Send the sales file as the multipart field "file"');
  const rows = parsed.data.ebaySales.map((row) =>
    SALES_FILE_COLUMNS.map((c) => quoteCell(row[c] ?? (c === 'type' ? 'Order' : ''))).join(','),
  );
  return [SALES_FILE_COLUMNS.join(','), ...rows].join('\n');
}
