import { GRADES, gradeLabel } from '@shop/domain/catalogue/gradeScale';
import { parseGradedFilter, parseSearchSort, SEARCH_SORTS, type GradedFilter, type SearchSort } from '../lib/search';

/** Condition (slabs, raw copies or any) and a minimum grade: the grade filters of search and browse. */
export function GradeFilterFields({
  id,
  graded,
  gradeMin,
  onGraded,
  onGradeMin,
}: {
  id: string;
  graded: GradedFilter;
  gradeMin: string;
  onGraded: (value: GradedFilter) => void;
  onGradeMin: (value: string) => void;
}) {
  return (
    <>
      <div className="search-controls__field">
        <label htmlFor={`${id}-graded`} className="search-controls__label">
          Condition
        </label>
        <select
          id={`${id}-graded`}
          className="input search-controls__select"
          value={graded}
          onChange={(e) => onGraded(parseGradedFilter(e.target.value))}
        >
          <option value="">Any</option>
          <option value="true">Graded slabs</option>
          <option value="false">Raw copies</option>
        </select>
      </div>
      <div className="search-controls__field">
        <label htmlFor={`${id}-grade-min`} className="search-controls__label">
          Grade at least
        </label>
        <select
          id={`${id}-grade-min`}
          className="input search-controls__select"
          value={gradeMin}
          onChange={(e) => onGradeMin(e.target.value)}
        >
          <option value="">Any grade</option>
          {GRADES.map((g) => (
            <option key={g} value={String(g)}>
              {gradeLabel(g)}
            </option>
          ))}
        </select>
      </div>
    </>
  );
}

/** Sort by: relevance (a browse screen calls it the shop's order), newest, price, or best grade first. */
export function SortField({
  id,
  sort,
  onSort,
  relevanceLabel = 'Relevance',
}: {
  id: string;
  sort: SearchSort;
  onSort: (value: SearchSort) => void;
  relevanceLabel?: string;
}) {
  return (
    <div className="search-controls__field">
      <label htmlFor={`${id}-sort`} className="search-controls__label">
        Sort by
      </label>
      <select
        id={`${id}-sort`}
        className="input search-controls__select"
        value={sort}
        onChange={(e) => onSort(parseSearchSort(e.target.value))}
      >
        {SEARCH_SORTS.map(([key, label]) => (
          <option key={key} value={key}>
            {key === 'relevance' ? relevanceLabel : label}
          </option>
        ))}
      </select>
    </div>
  );
}
