import { allProjectors } from '@shop/projections/index';
import type { Config } from '../config/config.ts';
import { REACTOR_NAMES } from '../reactors/index.ts';

/**
 * The projector role's pool: one lock connection per projector (held while it is active) plus room
 * for their transactions; a pool no larger than the projectors would leave every one waiting.
 */
export const PROJECTOR_POOL_SIZE = allProjectors.length + 10;

/** The worker role's pool: one lock connection per reactor plus room for their writes, the jobs and checkout recovery. */
export const WORKER_POOL_SIZE = REACTOR_NAMES.length + 8;

/** PostgreSQL's default `max_connections`, which the shop's own server keeps. */
export const POSTGRES_DEFAULT_MAX_CONNECTIONS = 100;

/**
 * The most connections one of each role opens: the API's pools for commands (`DB_POOL_SIZE`) and
 * for browse and search (`DB_BROWSE_POOL_SIZE`), the projector's and the worker's, and each role's
 * one connection listening for appends (the event store's wake-up).
 */
export function shopConnectionsAtMost(config: Pick<Config, 'DB_POOL_SIZE' | 'DB_BROWSE_POOL_SIZE'>): number {
  const listening = 3;
  return config.DB_POOL_SIZE + config.DB_BROWSE_POOL_SIZE + PROJECTOR_POOL_SIZE + WORKER_POOL_SIZE + listening;
}
