import type { Kysely } from 'kysely';
import type pg from 'pg';
import type { ReadModels } from '@shop/projections/schema';
import type { Projector } from '@shop/projections/runner/projector';
import type { Config } from '../config/config.ts';
import type { EventStore } from '../eventstore/types.ts';
import type { Queues } from '../queue/queues.ts';

/** Everything a route needs, built once per process and passed down (no globals). */
export interface AppContext {
  config: Config;
  db: Kysely<ReadModels>;
  /** The replica browse and search read from, when there is one (see db/readDatabase.ts). */
  readDb?: Kysely<ReadModels>;
  pool: pg.Pool;
  store: EventStore;
  queues: Queues | null;
  projectors: readonly Projector[];
}
