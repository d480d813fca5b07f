import { Link } from 'react-router';
import { gradeLabel } from '@shop/domain/catalogue/gradeScale';
import { formatDateTime } from '../../../../lib/dates';
import { QueryState, ScreenHeader } from '../../../components/admin-ui';
import { useWantDemand } from '../api/get-want-demand';

/** /admin-want-demand (issue 18): what customers want, by series or title and issue, most wanted first. */
export function WantDemandScreen() {
  const query = useWantDemand();
  const lines = query.data?.demand ?? [];
  return (
    <div className="admin-screen">
      <ScreenHeader title="Want Lists">
        <button type="button" className="btn btn--ghost btn--sm" onClick={() => void query.refetch()} aria-label="Refresh Want Lists">
          Refresh
        </button>
      </ScreenHeader>
      <QueryState query={query} label="wants" isEmpty={lines.length === 0} empty={<p>No customer wants anything yet.</p>}>
        <table className="admin-table">
          <caption className="visually-hidden">Wants by series or title and issue</caption>
          <thead>
            <tr>
              <th scope="col">Wanted</th>
              <th scope="col">Issue</th>
              <th scope="col">Customers</th>
              <th scope="col">Lowest grade asked</th>
              <th scope="col">Latest</th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line) => (
              <tr key={`${line.seriesId ?? ''}|${line.title ?? ''}|${line.issueNumber ?? ''}|${line.stockId ?? ''}`}>
                <td>
                  {line.stockId ? (
                    <Link to={`/item/${encodeURIComponent(line.stockId)}`}>{line.itemName ?? 'Item (deleted)'}</Link>
                  ) : line.seriesId ? (
                    <Link to={`/series/${encodeURIComponent(line.seriesId)}`}>{line.title ?? 'Series'}</Link>
                  ) : (
                    line.title
                  )}
                </td>
                <td>{line.issueNumber ? `#${line.issueNumber}` : 'Notify me'}</td>
                <td>{line.wants}</td>
                <td>{line.gradeMin === null ? 'Any' : gradeLabel(line.gradeMin)}</td>
                <td>{formatDateTime(line.latest)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </QueryState>
    </div>
  );
}
