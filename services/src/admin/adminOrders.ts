import { sql, type Kysely, type Selectable } from 'kysely';
import { orderDecider, orderTotalsOf, type OrderCommand, type OrderState } from '@shop/domain/orders/index';
import type { EventMetadata, RecordedEvent } from '@shop/domain/shared/events';
import type { ReadModels } from '@shop/projections/schema';
import type { OrderTables } from '@shop/projections/orders/tables';
import { orderActorOf, type UserIdentity } from '../accounts/actor.ts';
import type { Deps } from '../deps/deps.ts';
import { DomainError } from '@shop/domain/shared/decider';
import { loadUser } from '../accounts/users.ts';
import { loadStream } from '../commands/loadStream.ts';
import { handle } from '../commands/handle.ts';
import { ORDER_NOT_FOUND } from '../orders/orderAnswer.ts';
import { orderStreamId } from '../orders/streams.ts';
import { emailFor } from '../reactors/emailReactor.ts';
import { enqueueOnce } from '../reactors/enqueue.ts';
import { withMarketplaceDetail } from './marketplaceOrderDetail.ts';

type Db = Kysely<ReadModels>;
type OrderRow = Selectable<OrderTables['orders']>;

/** Most orders one admin list answers (newest first). */
export const ADMIN_ORDER_LIST_LIMIT = 1000;
export const ADMIN_ORDER_SEARCH_LIMIT = 50;

/** "tracking link": Australia Post's tracking page. */
export const trackingUrl = (trackingNumber: string) => `https://auspost.com.au/mypost/track/details/${encodeURIComponent(trackingNumber)}`;

export interface OrderUserView {
  _id: string;
  givenName: string;
  familyName: string;
  email: string;
}

const iso = (value: Date | string | null | undefined) => (value ? new Date(value).toISOString() : null);

/**
 * The admin order card (admin §3 "Order"): money in cents, dates ISO (the screen shows them in
 * Sydney time). Built from the folded order state, the same way for lists (the read model keeps the
 * state) and for a command's answer (the write side's state).
 */
export function adminOrderView(
  state: OrderState,
  times: { createdAt: Date | string; updatedAt: Date | string },
  user: OrderUserView | null,
) {
  const totals = orderTotalsOf(state, 0);
  return {
    _id: state._id,
    publicId: state.publicId,
    name: state.name,
    user,
    email: state.email || user?.email || '',
    guest: state.owner?.kind === 'guest',
    type: state.type,
    externalId: state.externalId,
    externalBuyerId: null as string | null,
    externalBuyerName: null as string | null,
    adhoc: state.name.trim() !== '',
    date: state.date,
    paid: totals.paid,
    total: totals.total,
    toPay: totals.toPay,
    pnp: totals.pnp,
    itemCount: totals.itemCount,
    creditFrom: totals.creditFrom,
    carriedForward: totals.creditForward,
    createdAt: iso(times.createdAt),
    updatedAt: iso(times.updatedAt),
    complete: state.complete,
    completedDate: state.completedDate,
    posted: state.posted,
    postedDate: state.postedDate,
    trackingNumber: state.trackingNumber,
    trackingUrl: state.trackingNumber ? trackingUrl(state.trackingNumber) : null,
    shippingIsPickup: state.shippingIsPickup,
    shippingIsSameAsBilling: state.shippingIsSameAsBilling,
    shippingAddress: state.shippingAddress,
    billingAddress: state.billingAddress,
    orderItems: state.orderItems.map((l) => ({
      _id: l.stockItemId,
      name: l.name,
      type: l.kind,
      itemType: l.itemType,
      periodType: l.periodType,
      supplierType: l.supplierType,
      available: l.available,
      quantity: l.quantity,
      price: l.price,
      comicId: l.comicId,
      pnp: l.pnp,
    })),
    searchTerms: state.searchTerms,
    searchHistory: state.searchHistory,
  };
}
export type AdminOrderView = ReturnType<typeof adminOrderView>;

async function usersOf(db: Db, userIds: readonly (string | null)[]): Promise<Map<string, OrderUserView>> {
  const ids = [...new Set(userIds.filter((id): id is string => !!id))];
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(['user_id', 'given_name', 'family_name', 'email']).where('user_id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.user_id, { _id: r.user_id, givenName: r.given_name, familyName: r.family_name, email: r.email }]));
}

async function viewsOf(db: Db, rows: Pick<OrderRow, 'state' | 'created_at' | 'updated_at' | 'user_id'>[]): Promise<AdminOrderView[]> {
  const users = await usersOf(
    db,
    rows.map((r) => r.user_id),
  );
  return withMarketplaceDetail(
    db,
    rows.map((r) =>
      adminOrderView(r.state, { createdAt: r.created_at, updatedAt: r.updated_at }, r.user_id ? (users.get(r.user_id) ?? null) : null),
    ),
  );
}

export type AdminOrderList = 'all' | 'complete' | 'awaiting-postage' | 'adhoc';

/**
 * The admin order lists: all (every order still open or done, newest first), complete (newest
 * completed first), awaiting postage (the read model the badge counts, oldest first: post those
 * first), ad-hoc (in-person sales, newest first). Deleted and merged-away orders are never listed.
 */
export async function listAdminOrders(db: Db, list: AdminOrderList, options: { excludeOrderId?: string } = {}): Promise<AdminOrderView[]> {
  let q = db
    .selectFrom('orders')
    .select(['orders.state', 'orders.created_at', 'orders.updated_at', 'orders.user_id'])
    .where('orders.deleted', '=', false)
    .where('orders.merged_into_order_id', 'is', null);
  if (options.excludeOrderId) q = q.where('orders.order_id', '<>', options.excludeOrderId);
  switch (list) {
    case 'all':
      q = q.orderBy('orders.created_at', 'desc').orderBy('orders.public_id', 'desc');
      break;
    case 'complete':
      q = q.where('orders.complete', '=', true).orderBy('orders.completed_date', 'desc').orderBy('orders.public_id', 'desc');
      break;
    case 'awaiting-postage':
      q = q
        .innerJoin('orders_awaiting_postage as a', 'a.order_id', 'orders.order_id')
        .orderBy('a.completed_at', 'asc')
        .orderBy('orders.public_id', 'asc');
      break;
    case 'adhoc':
      q = q.where('orders.adhoc', '=', true).orderBy('orders.created_at', 'desc').orderBy('orders.public_id', 'desc');
      break;
  }
  return viewsOf(db, await q.limit(ADMIN_ORDER_LIST_LIMIT).execute());
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The admin search's orders: by order number, customer name or email, tracking number, or an item's name or id. */
export async function searchAdminOrders(db: Db, term: string): Promise<AdminOrderView[]> {
  const text = term.trim();
  const pattern = likePattern(text.toLowerCase());
  const number = /^#?\d{1,9}$/.test(text) ? Number(text.replace('#', '')) : null;
  const rows = await db
    .selectFrom('orders')
    .leftJoin('users', 'users.user_id', 'orders.user_id')
    .select(['orders.state', 'orders.created_at', 'orders.updated_at', 'orders.user_id'])
    .where('orders.deleted', '=', false)
    .where('orders.merged_into_order_id', 'is', null)
    .where((eb) =>
      eb.or([
        ...(number !== null ? [eb('orders.public_id', '=', number)] : []),
        eb(sql`lower(orders.email)`, 'like', pattern),
        eb(sql`lower(orders.name)`, 'like', pattern),
        eb(sql`lower(coalesce(orders.tracking_number, ''))`, 'like', pattern),
        eb(sql`lower(coalesce(users.email, ''))`, 'like', pattern),
        eb(sql`lower(coalesce(users.given_name, '') || ' ' || coalesce(users.family_name, ''))`, 'like', pattern),
        eb(sql`lower(orders.order_items::text)`, 'like', pattern),
      ]),
    )
    .orderBy('orders.created_at', 'desc')
    .limit(ADMIN_ORDER_SEARCH_LIMIT)
    .execute();
  return viewsOf(db, rows);
}

/**
 * Orders needing posting, read your writes: the read model's count without the order just posted
 * (the projector may not have seen that change yet, and must not make the badge count it).
 */
export async function ordersNeedPostingWithout(db: Db, orderId: string): Promise<number> {
  const row = await db
    .selectFrom('orders_awaiting_postage')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('order_id', '<>', orderId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function userViewOf(ctx: Deps, state: OrderState): Promise<OrderUserView | null> {
  if (state.owner?.kind !== 'user') return null;
  const { state: user } = await loadUser(ctx.store, state.owner.userId);
  return user.registered ? { _id: user.userId, givenName: user.givenName, familyName: user.familyName, email: user.email } : null;
}

/** The order's view from the write side after a command, with its first and last event times. */
export async function adminOrderViewFromStream(ctx: Deps, state: OrderState, events: readonly RecordedEvent[], now = ctx.clock()) {
  const createdAt = events[0]?.createdAt ?? now;
  return adminOrderView(state, { createdAt, updatedAt: now }, await userViewOf(ctx, state));
}

/** The order's stream, 404 unless it exists and is not deleted. */
async function loadOrder(ctx: Deps, orderId: string) {
  const loaded = await loadStream(ctx.store, orderDecider, orderStreamId(orderId));
  if (!loaded.state.started || loaded.state.deleted) throw new DomainError(ORDER_NOT_FOUND, 'not-found');
  return loaded;
}

/** GET /post-order/{id}[/{tracking}] and /mark-as-posted/{id}: posted (with a tracking number when given). */
export async function postOrder(ctx: Deps, admin: UserIdentity, orderId: string, trackingNumber: string | null, metadata: EventMetadata) {
  const { events } = await loadOrder(ctx, orderId);
  const by = orderActorOf(admin);
  const postedDate = ctx.clock().toISOString();
  const command: OrderCommand =
    trackingNumber === null ? { type: 'MarkOrderPosted', by, postedDate } : { type: 'PostOrder', by, postedDate, trackingNumber };
  const { state } = await handle(ctx, orderDecider, orderStreamId(orderId), command, metadata);
  const order = await adminOrderViewFromStream(ctx, state, events);
  return { order, ordersNeedPosting: await ordersNeedPostingWithout(ctx.db, orderId) };
}

/** DELETE /delete-order/{id}: the order is deleted (not while a payment is in progress). */
export async function deleteAdminOrder(ctx: Deps, admin: UserIdentity, orderId: string, metadata: EventMetadata) {
  await loadOrder(ctx, orderId);
  await handle(
    ctx,
    orderDecider,
    orderStreamId(orderId),
    { type: 'DeleteOrder', by: orderActorOf(admin), at: ctx.clock().toISOString() },
    metadata,
  );
  return { orders: await listAdminOrders(ctx.db, 'all', { excludeOrderId: orderId }), message: 'Order deleted' };
}

export type ResendKind = 'confirmation' | 'posted';

/**
 * GET /order-resend-confirm/{id} and /order-resend-posted/{id}: the email the reactor sent for the
 * OrderCompleted (or the latest OrderPosted) event, queued again under a new job id and Message-ID.
 */
export async function resendOrderEmail(ctx: Deps, orderId: string, kind: ResendKind): Promise<{ message: string; jobId: string }> {
  const { state, events } = await loadOrder(ctx, orderId);
  const type = kind === 'confirmation' ? 'OrderCompleted' : 'OrderPosted';
  const event = events.findLast((e) => e.type === type);
  if (!event) {
    throw new DomainError(
      kind === 'confirmation'
        ? 'This order is not complete yet: there is no confirmation to resend.'
        : 'This order has not been posted yet: there is no posted email to resend.',
      'conflict',
    );
  }
  const job = await emailFor(ctx.store, ctx.config, event);
  if (!job) throw new DomainError('This order has no email address to send to.', 'conflict');
  if (!ctx.queues) throw new DomainError('The email queue is not available; please try again later.', 'unavailable');
  const stamp = ctx.clock().getTime();
  const jobId = `resend-${event.eventId}-${stamp}`;
  await enqueueOnce(ctx.queues.queue('email'), job.template, { ...job, messageId: `${job.messageId}-resend-${stamp}` }, jobId);
  return {
    message: `${kind === 'confirmation' ? 'Order confirmation' : 'Posted email'} for order ${state.publicId} queued to ${job.to}`,
    jobId,
  };
}
