import { sql, type Kysely } from 'kysely';
import type { ReadModels } from '@shop/projections/schema';
import type { WantDemandLine } from '@shop/domain/contract/wants';

/**
 * The admin's demand screen (issue 18): wants counted by series and issue, by title and issue, and
 * by item ("Notify me"), most wanted first.
 */
export async function wantDemand(db: Kysely<ReadModels>): Promise<WantDemandLine[]> {
  const { rows } = await sql<{
    series_id: string | null;
    title: string | null;
    issue_number: string | null;
    stock_id: string | null;
    item_name: string | null;
    wants: string;
    grade_min: string | null;
    any_grade: boolean;
    latest: Date;
  }>`
    select w.series_id, coalesce(min(sr.title), min(w.title)) as title, min(w.issue_number) as issue_number, w.stock_id,
      min(case when s.variant_description <> '' then s.main_description || ' (' || s.variant_description || ')' else s.main_description end) as item_name,
      count(*) as wants, min(w.grade_min) as grade_min, bool_or(w.grade_min is null) as any_grade, max(w.created_at) as latest
    from wants w left join stock_items s on s.stock_item_id = w.stock_id left join series sr on sr.series_id = w.series_id
    group by w.series_id, w.title_key, w.issue_key, w.stock_id
    order by count(*) desc, max(w.created_at) desc
    limit 1000`.execute(db);
  return rows.map((r) => ({
    seriesId: r.series_id,
    title: r.title,
    issueNumber: r.issue_number,
    stockId: r.stock_id,
    itemName: r.item_name,
    wants: Number(r.wants),
    gradeMin: r.any_grade || r.grade_min === null ? null : Number(r.grade_min),
    latest: r.latest.toISOString(),
  }));
}
