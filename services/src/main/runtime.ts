import type { Config } from '../config/config.ts';
import type { Logger } from '../logging/logger.ts';
import type { Deps } from '../deps/deps.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { BrowseGate } from '../db/salesFirst.ts';
import { KurrentEventStore } from '../eventstore/kurrent/kurrentEventStore.ts';
import { assertTransactionIdsSane, PostgresEventStore } from '../eventstore/postgres/postgresEventStore.ts';
import type { EventStore } from '../eventstore/types.ts';
import { openQueues, type Queues } from '../queue/queues.ts';
import { redisTarget } from '../queue/redisTarget.ts';
import { stopSignals } from './exitWithSupervisor.ts';
import { buildDeps } from './deps.ts';

/** The processes that open a runtime, each named on its PostgreSQL connections. */
export type ShopRole = 'api' | 'projector' | 'worker' | 'rebuild';

/** The application_name of a role's connections: `comicshop-api`, or `comicshop-api-browse` for its browse pool. */
export const applicationNameOf = (role: ShopRole, pool?: 'browse') => `comicshop-${role}${pool ? `-${pool}` : ''}`;

export interface Runtime extends Deps {
  database: Database;
  close(): Promise<void>;
}

export function openEventStore(config: Config, database: Database): EventStore {
  if (config.EVENT_STORE === 'eventstoredb') {
    if (!config.EVENTSTORE_URL)
      throw new Error('EVENT_STORE=eventstoredb needs EVENTSTORE_URL (e.g. kurrentdb://127.0.0.1:2113?tls=false)');
    return new KurrentEventStore(config.EVENTSTORE_URL);
  }
  return new PostgresEventStore(database.pool, config.DATABASE_URL);
}

/** Opens what every process needs and builds its one Deps; refuses to start on a restored database whose transaction ids are ahead. */
export async function openRuntime(
  config: Config,
  options: { role: ShopRole; queues?: boolean; poolSize?: number; logger?: Logger },
): Promise<Runtime> {
  const database = openDatabase(config.DATABASE_URL, options.poolSize ?? config.DB_POOL_SIZE, {
    applicationName: applicationNameOf(options.role),
  });
  // Browse and search read through their own pool (connections open only when used: the API's). Its
  // one write is a search's kept list of matches, a cache: its commit need not wait for the disk.
  // On the write pool's server they yield connections to the shoppers' sales (sales first); a
  // replica's cores are its own.
  const browseGate = config.DATABASE_READ_URL
    ? undefined
    : new BrowseGate({ max: config.DB_BROWSE_POOL_SIZE, min: config.DB_BROWSE_POOL_MIN });
  const browsing = openDatabase(config.DATABASE_READ_URL ?? config.DATABASE_URL, config.DB_BROWSE_POOL_SIZE, {
    synchronousCommit: false,
    applicationName: applicationNameOf(options.role, 'browse'),
    ...(browseGate ? { gate: browseGate } : {}),
  });
  const store = openEventStore(config, database);
  if (store.kind === 'postgres') await assertTransactionIdsSane(database.pool);
  const queues: Queues | null = options.queues === false ? null : openQueues(redisTarget(config), config.QUEUE_PREFIX);
  return {
    ...buildDeps({ config, db: database.db, pool: database.pool, store, queues }, options.logger ? { logger: options.logger } : {}),
    database,
    readDb: browsing.db,
    ...(browseGate ? { browseGate } : {}),
    async close() {
      await queues?.close();
      await store.close();
      await database.close();
      await browsing.close();
    },
  };
}

/** Runs `stop` once on a signal that stops this role (stopSignals), then exits. */
export function onShutdown(log: Logger, stop: () => Promise<void>): void {
  let stopping = false;
  const handler = (signal: string) => {
    if (stopping) return;
    stopping = true;
    stop()
      .catch((err) => log.error({ err }, `error while stopping after ${signal}`))
      .finally(() => process.exit(0));
  };
  const signals = stopSignals();
  for (const signal of signals) process.on(signal, handler);
  // Without a listener, SIGINT would end the process at once.
  if (!signals.includes('SIGINT')) process.on('SIGINT', () => undefined);
}
