import { GRADES, gradeLabel } from '@shop/domain/catalogue/gradeScale';
import { parseGradedFilter, type GradedFilter } from '../lib/search';

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
