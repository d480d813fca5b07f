import type { Kysely } from 'kysely';
import type { ReadModels } from '@shop/projections/schema';
import type { Deps } from '../deps/deps.ts';

/**
 * Where browse and search read the catalogue: the streaming replica when DATABASE_READ_URL names
 * one (it may lag the primary by a moment), else the primary, through a pool of their own
 * (DB_BROWSE_POOL_SIZE: a catalogue read never waits for a connection behind checkouts). Commands,
 * and a shopper's own orders and account, read the primary (ctx.db) so a shopper always sees their
 * own change at once.
 */
export function browseDb(ctx: Pick<Deps, 'db' | 'readDb'>): Kysely<ReadModels> {
  return ctx.readDb ?? ctx.db;
}
