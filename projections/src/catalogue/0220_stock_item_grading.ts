import { sql, type Kysely } from 'kysely';

/**
 * Condition and grading of stock items (issue 18): the condition as recorded (null, raw or slab),
 * key notes, and two generated columns browse and search filter and sort on: `grade` (the 10-point
 * grade, null without a condition) and `graded` (a slab). A change of either stored column moves the
 * catalogue structure (0202's function), so cached answers show the new grade: a trigger of its own,
 * so the column list of 0202's update trigger stays as it is.
 */
export const GRADING_COLUMNS = ['condition', 'key_notes'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table stock_items
      add column condition jsonb,
      add column key_notes text not null default '',
      add column grade numeric(3, 1) generated always as ((condition ->> 'grade')::numeric(3, 1)) stored,
      add column graded boolean generated always as (coalesce(condition ->> 'kind' = 'slab', false)) stored;
    create index stock_items_grade on stock_items (grade desc, sort_title, added_position) include (stock_item_id) where in_stock and grade is not null;
    create trigger stock_items_grading_changed after update of condition, key_notes on stock_items
      for each statement execute function catalogue_structure_changed();
  `.execute(db);
}
