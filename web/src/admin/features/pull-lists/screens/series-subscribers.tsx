import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { QueryState, ScreenHeader } from '../../../components/admin-ui';
import { useFindSeries } from '../api/find-series';
import { useSeriesSubscribers } from '../api/get-series-subscribers';
import '../pull-lists.css';

/** /admin-series-subscribers/{id}: find a series, and see who subscribes to it, in subscription order. */
export function SeriesSubscribersScreen() {
  const { id = null } = useParams();
  const navigate = useNavigate();
  const [term, setTerm] = useState('');
  const found = useFindSeries(term);
  const subscribers = useSeriesSubscribers(id);
  const data = subscribers.data;
  return (
    <div className="admin-screen pull-admin">
      <ScreenHeader title="Series Subscribers" description="Who has a series on their pull list, first subscribed first served." />
      <div className="field admin-filter">
        <label className="field__label" htmlFor="series-term">
          Find a series
        </label>
        <input id="series-term" className="input" type="search" value={term} onChange={(e) => setTerm(e.target.value)} autoComplete="off" />
      </div>
      {term.trim() && found.data ? (
        <ul className="pull-admin__found">
          {found.data.series.slice(0, 10).map((s) => (
            <li key={s._id}>
              <button
                type="button"
                className="link-btn"
                onClick={() => {
                  setTerm('');
                  void navigate(`/admin-series-subscribers/${encodeURIComponent(s._id)}`);
                }}
              >
                {s.title}
              </button>{' '}
              <span className="muted">
                {s.publisher} · {s.issueCount} issues · shelf {s.shelfCopies}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {id ? (
        <QueryState query={subscribers} label="subscribers">
          {data ? (
            <section aria-labelledby="subs-title">
              <h2 id="subs-title" className="section-title">
                {data.title}: {data.subscribers.length} subscriber{data.subscribers.length === 1 ? '' : 's'}, {data.copies} copies an issue
              </h2>
              {data.subscribers.length === 0 ? (
                <p>Nobody subscribes yet.</p>
              ) : (
                <ol>
                  {data.subscribers.map((s) => (
                    <li key={s.userId}>
                      <Link to={`/admin-pull-list/${encodeURIComponent(s.userId)}`}>{s.name || s.email}</Link>{' '}
                      <span className="muted">
                        {s.email} · {s.quantity} {s.quantity === 1 ? 'copy' : 'copies'}, {s.covers === 'all' ? 'all covers' : 'main cover'}
                      </span>
                    </li>
                  ))}
                </ol>
              )}
            </section>
          ) : null}
        </QueryState>
      ) : null}
    </div>
  );
}
