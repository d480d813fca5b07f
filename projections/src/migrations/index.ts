import type { Kysely } from 'kysely';
import { adminMigrations } from '../admin/migrations.ts';
import { catalogueMigrations } from '../catalogue/migrations.ts';
import { marketplaceMigrations } from '../marketplace/migrations.ts';
import { ordersMigrations } from '../orders/migrations.ts';
import { pullListMigrations } from '../pullLists/migrations.ts';
import { seriesMigrations } from '../series/migrations.ts';
import { usersMigrations } from '../users/migrations.ts';
import { wantsMigrations } from '../wants/migrations.ts';
import * as m0100 from './0100_projection_runner.ts';
import * as m0101 from './0101_audit_without_searches.ts';

export interface NamedMigration {
  up(db: Kysely<unknown>): Promise<void>;
}

/** Read-model migrations, applied in name order after the event store's own. */
export const readModelMigrations: Record<string, NamedMigration> = {
  '0100_projection_runner': m0100,
  '0101_audit_without_searches': m0101,
  ...catalogueMigrations,
  ...ordersMigrations,
  ...usersMigrations,
  ...adminMigrations,
  ...marketplaceMigrations,
  ...wantsMigrations,
  ...seriesMigrations,
  ...pullListMigrations,
};
