/** Helpers for the order and account call-level tests (not loaded by the app). */
import { randomUUID } from 'node:crypto';
import { stockItemDecider, stockItemInputSchema, toStockItemFields } from '@shop/domain/catalogue/index';
import { creditDecider } from '@shop/domain/credit/index';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps/deps.ts';
import { handle } from '../commands/handle.ts';
import { buildSquareSimulator } from '../simulators/square/squareSimulator.ts';
import { SquareGateway } from '../payments/squareGateway.ts';
import { testMetadata } from '../testing/fixtures.ts';
import { readCheckpoint } from '@shop/projections/runner/checkpoints';
import { emailFor } from '../reactors/emailReactor.ts';
import type { TestApp } from '../testing/testApp.ts';
import { creditStreamId, orderStreamId, stockStreamId } from './streams.ts';

export interface StockSpec {
  mainDescription: string;
  number: number;
  /** The shop price in cents (a price override). */
  price: number;
  itemType?: 'comic' | 'game' | 'accessory';
  periodType?: 'new' | 'back-issue' | 'pre-order' | 'vintage';
  pnp?: number;
  /** A pre-order's final order cut-off, 'YYYY-MM-DD'. */
  focDate?: string;
}

/** Adds a stock item through the stock decider (StockItemAdded) and returns its id. */
export async function addStock(ctx: Deps, spec: StockSpec): Promise<string> {
  const stockItemId = `s-${randomUUID()}`;
  const input = stockItemInputSchema.parse({
    comicId: `C${stockItemId.slice(2, 12)}`,
    itemType: spec.itemType ?? 'comic',
    periodType: spec.periodType ?? 'new',
    mainDescription: spec.mainDescription,
    number: spec.number,
    priceOverride: spec.price,
    pnp: spec.pnp ?? 0,
    focDate: spec.focDate ?? null,
  });
  await handle(
    ctx,
    stockItemDecider,
    stockStreamId(stockItemId),
    { type: 'AddStockItem', data: { stockItemId, item: toStockItemFields(input, null) } },
    testMetadata(),
  );
  return stockItemId;
}

/** Credit for a user, as the admin's send-credit call will append it. */
export async function grantCredit(ctx: Deps, userId: string, amountCents: number): Promise<void> {
  await handle(
    ctx,
    creditDecider,
    creditStreamId(userId),
    { type: 'GrantCredit', amountCents, description: 'Test credit', grantedBy: 'admin' },
    testMetadata(),
  );
}

/** The Square simulator on a free port, and the app's gateway pointed at it through the real Square SDK adapter. */
export async function startSquare(ctx: Deps) {
  const simulator = buildSquareSimulator();
  const url = await simulator.listen({ port: 0, host: '127.0.0.1' });
  const gateway = new SquareGateway({ accessToken: 'simulator', locationId: 'TEST_LOCATION', environment: url });
  ctx.paymentGateway = gateway;
  return {
    simulator,
    gateway,
    charges: () => simulator.payments.filter((p) => p.status === 'COMPLETED'),
    close: () => simulator.close(),
  };
}

export const newTempToken = () => randomUUID();

export const home = {
  givenName: 'Jane',
  familyName: 'Citizen',
  addressLine1: '1 Main St',
  suburb: 'Kenmore',
  state: 'QLD',
  postalCode: '4069',
  countryCode: 'AUD',
};

type Json = Record<string, unknown>;

/** app.inject with a JSON body and an optional bearer token; answers status and parsed JSON. */
export async function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: { body?: unknown; token?: string | null; ip?: string } = {},
): Promise<{ status: number; body: Json & { message?: string; errorMessage?: string } }> {
  const response = await app.inject({
    method,
    url,
    ...(options.body !== undefined ? { payload: options.body as Json } : {}),
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
    ...(options.ip ? { remoteAddress: options.ip } : {}),
  });
  return { status: response.statusCode, body: response.body ? (JSON.parse(response.body) as Json) : {} };
}

/**
 * Waits until every projector has applied every committed event. (TestApp.settle can answer early
 * while another transaction is open: its count only sees events older than the oldest open
 * transaction. This counts every committed event after each checkpoint.)
 */
export async function settleAll(t: TestApp, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  await t.settle();
  for (const projector of t.ctx.projectors) {
    for (;;) {
      const checkpoint = await readCheckpoint(t.ctx.db, projector.name);
      const types = projector.eventTypes === 'all' ? null : [...projector.eventTypes];
      const { rows } = await t.ctx.pool.query<{ n: string }>(
        `select count(*) as n from events where (transaction_id, global_position) > ($1::xid8, $2::bigint)
         and ($3::text[] is null or event_type = any($3::text[]))`,
        [checkpoint?.transactionId.toString() ?? '0', checkpoint?.globalPosition.toString() ?? '0', types],
      );
      if (Number(rows[0]!.n) === 0) break;
      if (Date.now() > deadline) throw new Error(`projector ${projector.name} did not catch up`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }
}

/** The order confirmation email the email reactor makes from an order's OrderCompleted event. */
export async function confirmationEmailOf(ctx: Deps, orderId: string) {
  const events = await ctx.store.readStream(orderStreamId(orderId));
  const completed = events.find((e) => e.type === 'OrderCompleted');
  return completed ? emailFor(ctx.store, ctx.config, completed) : null;
}

/** The jobs on the email queue, by template. */
export async function emailJobs(ctx: Deps, template?: string) {
  if (!ctx.queues) return [];
  const jobs = await ctx.queues.queue('email').getJobs(['waiting', 'delayed', 'active', 'completed', 'failed', 'paused', 'prioritized']);
  return jobs.filter((j) => template === undefined || j.name === template);
}
