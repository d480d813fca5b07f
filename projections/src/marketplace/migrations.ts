import type { NamedMigration } from '../migrations/index.ts';
import * as m0600 from './0600_marketplace_orders.ts';
import * as m0610 from './0610_marketplace_oversold.ts';

/** The marketplace area's read-model migrations (0600-0699). */
export const marketplaceMigrations: Record<string, NamedMigration> = {
  '0600_marketplace_orders': m0600,
  '0610_marketplace_oversold': m0610,
};
