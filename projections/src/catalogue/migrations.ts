import type { NamedMigration } from '../migrations/index.ts';
import * as m0200 from './0200_catalogue.ts';
import * as m0201 from './0201_stock_items_in_stock.ts';
import * as m0202 from './0202_catalogue_changes.ts';
import * as m0220 from './0220_stock_item_grading.ts';

/** The catalogue area's read-model migrations (0200-0299). */
export const catalogueMigrations: Record<string, NamedMigration> = {
  '0200_catalogue': m0200,
  '0201_stock_items_in_stock': m0201,
  '0202_catalogue_changes': m0202,
  '0220_stock_item_grading': m0220,
};
