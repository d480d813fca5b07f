import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import { readModelMigrations } from '@shop/projections/migrations/index';
import { createHorizonFunction } from '../eventstore/postgres/horizon.ts';
import { createEventStoreSchema } from '../eventstore/postgres/schema.ts';

const eventStoreMigrations: Record<string, Migration> = {
  '0001_event_store': { up: createEventStoreSchema },
  '0002_event_store_horizon': { up: createHorizonFunction },
};

class StaticProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return { ...eventStoreMigrations, ...readModelMigrations };
  }
}

/** Applies every pending migration (event store first, then read models); throws on failure. */
export async function migrateToLatest(db: Kysely<unknown>): Promise<string[]> {
  // Read-model migrations are numbered by area (0200 catalogue, 0300 orders, ...), so an area's new
  // migration can sort before another area's older one: a database made earlier must still take it.
  const migrator = new Migrator({ db, provider: new StaticProvider(), allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
