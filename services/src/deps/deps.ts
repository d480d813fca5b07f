import type { Kysely } from 'kysely';
import type pg from 'pg';
import type { ReadModels } from '@shop/projections/schema';
import type { Projector } from '@shop/projections/runner/projector';
import type { Config } from '../config/config.ts';
import type { BrowseGate } from '../db/salesFirst.ts';
import type { EventStore } from '../eventstore/types.ts';
import type { Marketplace } from '../marketplace/marketplace.ts';
import type { CheckoutCardDeletes } from '../orders/checkoutCards.ts';
import type { Log } from '../orders/log.ts';
import type { OrderNumbers } from '../orders/orderNumbers.ts';
import type { SearchTermsGathered } from '../orders/searchTermsSoon.ts';
import type { KnownOrderStates } from '../orders/orderStates.ts';
import type { KnownStockStates } from '../orders/stockStates.ts';
import type { PaymentGateway } from '../payments/paymentGateway.ts';
import type { Queues } from '../queue/queues.ts';
import type { ImageStorage } from '../storage/imageStorage.ts';

/**
 * Everything a use case needs, built once per process in `services/src/main/` (and by the test
 * app) and handed down: no module-level singletons. Routes, workers and command-line tools pass it
 * to the use cases; a test swaps an adapter by assigning it before the calls it makes.
 */
export interface Deps {
  config: Config;
  /** The read models. */
  db: Kysely<ReadModels>;
  /** The replica browse and search read from, when there is one (DATABASE_READ_URL; see db/readDatabase.ts). */
  readDb?: Kysely<ReadModels>;
  /** How many connections readDb may use now, when it reads the write pool's server: fewer during sales (db/salesFirst.ts). */
  browseGate?: BrowseGate;
  pool: pg.Pool;
  /** The write side: every event goes through the command handler (`commands/handle.ts`). */
  store: EventStore;
  /** BullMQ queues; null in processes that enqueue nothing (projector, tools). */
  queues: Queues | null;
  projectors: readonly Projector[];
  clock: () => Date;
  /** A new unique id (event ids, entity ids). */
  ids: () => string;
  paymentGateway: PaymentGateway;
  marketplace: Marketplace;
  storage: ImageStorage;
  logger: Log;
  /** The stock states this process keeps for the checkout. */
  stockStates: KnownStockStates;
  /** The order states this process keeps. */
  orderStates: KnownOrderStates;
  /** This process's gathered deletes of completed checkouts' card tokens. */
  checkoutCards: CheckoutCardDeletes;
  /** The order numbers this process has taken and not yet given out. */
  orderNumbers: OrderNumbers;
  /** This process's search terms waiting to be recorded on their orders. */
  searchTerms: SearchTermsGathered;
}
