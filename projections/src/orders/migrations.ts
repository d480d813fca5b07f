import type { NamedMigration } from '../migrations/index.ts';
import * as m0300 from './0300_orders_awaiting_postage.ts';
import * as m0301 from './0301_orders.ts';

/** The orders area's read-model migrations (0300-0399). */
export const ordersMigrations: Record<string, NamedMigration> = {
  '0300_orders_awaiting_postage': m0300,
  '0301_orders': m0301,
};
