import type { Kysely } from 'kysely';
import * as m0100 from './0100_projection_runner.ts';
import * as m0200 from './0200_orders_awaiting_postage.ts';

export interface NamedMigration {
  up(db: Kysely<unknown>): Promise<void>;
}

/** Read-model migrations, applied in name order after the event store's own. */
export const readModelMigrations: Record<string, NamedMigration> = {
  '0100_projection_runner': m0100,
  '0200_orders_awaiting_postage': m0200,
};
