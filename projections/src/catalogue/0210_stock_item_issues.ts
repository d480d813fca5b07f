import { sql, type Kysely, type RawBuilder } from 'kysely';

/**
 * The series and issue columns of stock_items (issue 17), shown in every answer and static (not live
 * counts): a change moves the catalogue structure (0202), through a trigger of their own.
 */
export const ISSUE_COLUMNS = ['series_id', 'series_title', 'issue_number', 'cover', 'printing', 'foc_date', 'release_date'] as const;

/** The trigger function that moves the structure when any of `columns` changes (0211 widens it). */
export function issueChangesFunction(columns: readonly string[]): RawBuilder<unknown> {
  const row = (alias: string) => sql.raw(columns.map((c) => `${alias}.${c}`).join(', '));
  return sql`
    create or replace function stock_items_issue_updated() returns trigger language plpgsql as $$
    begin
      if exists (select 1 from new_rows n join old_rows o using (stock_item_id) where (${row('n')}) is distinct from (${row('o')})) then
        perform catalogue_bump();
      end if;
      return null;
    end $$;`;
}

/** Dates are 'YYYY-MM-DD' text: calendar days, no zone. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table stock_items
      add column series_id text,
      add column series_title text not null default '',
      add column issue_number text not null default '',
      add column cover text not null default '',
      add column printing int not null default 1,
      add column foc_date text,
      add column release_date text;
    create index stock_items_series on stock_items (series_id);
  `.execute(db);
  await issueChangesFunction(ISSUE_COLUMNS).execute(db);
  await sql`
    create trigger stock_items_issue_updated after update on stock_items
      referencing old table as old_rows new table as new_rows for each statement execute function stock_items_issue_updated();
  `.execute(db);
}
