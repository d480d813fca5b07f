import { sql, type Kysely } from 'kysely';
import { ISSUE_COLUMNS, issueChangesFunction } from './0210_stock_item_issues.ts';
import { ORDER_BY_COLUMNS } from './0211_stock_item_order_by.ts';

/** `upc`: the item's UPC or ISBN digits ('' for none), from the supplier file or the admin. Shown, static. */
export const UPC_COLUMNS = ['upc'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table stock_items add column upc text not null default ''`.execute(db);
  await issueChangesFunction([...ISSUE_COLUMNS, ...ORDER_BY_COLUMNS, ...UPC_COLUMNS]).execute(db);
}
