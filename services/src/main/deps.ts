import { randomUUID } from 'node:crypto';
import { allProjectors } from '@shop/projections/index';
import type { Deps } from '../deps/deps.ts';
import { marketplaceFromConfig } from '../marketplace/marketplaceFromConfig.ts';
import { CheckoutCardDeletes } from '../orders/checkoutCards.ts';
import { consoleLog } from '../orders/log.ts';
import { OrderNumbers } from '../orders/orderNumbers.ts';
import { SearchTermsGathered } from '../orders/searchTermsSoon.ts';
import { KnownOrderStates } from '../orders/orderStates.ts';
import { KnownStockStates } from '../orders/stockStates.ts';
import { gatewayFromConfig } from '../payments/gatewayFromConfig.ts';
import { imageStorageFromConfig } from '../storage/storageFromConfig.ts';

/** What a process opens itself (connections); the rest of Deps follows from the configuration. */
export type OpenedParts = Pick<Deps, 'config' | 'db' | 'pool' | 'store' | 'queues'>;

/**
 * The one Deps of a process: the opened connections, and the adapters the configuration chooses
 * (payment gateway, marketplace, image storage), the clock, ids, logger and per-process caches.
 * `overrides` replace any of them (tests, tools).
 */
export function buildDeps(parts: OpenedParts, overrides: Partial<Deps> = {}): Deps {
  return {
    ...parts,
    projectors: allProjectors,
    clock: () => new Date(),
    ids: randomUUID,
    paymentGateway: gatewayFromConfig(parts.config),
    marketplace: marketplaceFromConfig(parts.config),
    storage: imageStorageFromConfig(parts.config),
    logger: consoleLog,
    stockStates: new KnownStockStates(),
    orderStates: new KnownOrderStates(),
    checkoutCards: new CheckoutCardDeletes(),
    searchTerms: new SearchTermsGathered(),
    orderNumbers: new OrderNumbers(),
    ...overrides,
  };
}
