import type { LineError } from '../types';

/** The per-line errors of an import: line number and reason. */
export function LineErrors({ errors }: { errors: readonly LineError[] }) {
  if (errors.length === 0) return null;
  return (
    <div className="admin-table-wrap">
      <table className="admin-table">
        <caption className="admin-table__caption">
          {errors.length} line{errors.length === 1 ? '' : 's'} not imported
        </caption>
        <thead>
          <tr>
            <th scope="col" className="num">
              Line
            </th>
            <th scope="col">Reason</th>
          </tr>
        </thead>
        <tbody>
          {errors.map((e, index) => (
            <tr key={`${e.line}-${index}`}>
              <td className="num">{e.line}</td>
              <td>{e.reason}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
