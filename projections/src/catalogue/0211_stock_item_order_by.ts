import { sql, type Kysely } from 'kysely';
import { ISSUE_COLUMNS, issueChangesFunction } from './0210_stock_item_issues.ts';

/**
 * `order_by`: a pre-order's FOC date ('YYYY-MM-DD'), its own foc_date else its batch's cut-off day
 * in Sydney (itemFocDate), kept by the catalogue projector; null for other items. Shown, static:
 * a change moves the catalogue structure like the other issue columns.
 */
export const ORDER_BY_COLUMNS = ['order_by'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table stock_items add column order_by text`.execute(db);
  await issueChangesFunction([...ISSUE_COLUMNS, ...ORDER_BY_COLUMNS]).execute(db);
}
