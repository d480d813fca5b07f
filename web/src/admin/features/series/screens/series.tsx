import { useState } from 'react';
import { Link } from 'react-router';
import type { AdminSeriesView } from '@shop/domain/contract/series';
import { seriesDisplayName } from '@shop/domain/series/seriesEvents';
import { TextField } from '../../../../components/ui/field';
import { Confirm } from '../../../../components/ui/confirm';
import { QueryState, ScreenHeader, SelectField, useFail, useSuccess } from '../../../components/admin-ui';
import { useAdminSeries } from '../api/get-admin-series';
import { useEditSeries } from '../api/edit-series';
import { useMergeSeries } from '../api/merge-series';
import { useSetSeriesShelf } from '../api/set-series-shelf';
import { parseShelfCopies, parseVolume } from '../lib/shelf-copies';

/** /admin-series: search series, set each one's shelf copies, merge a series into another. */
export function SeriesScreen() {
  const [term, setTerm] = useState('');
  const query = useAdminSeries(term.trim());
  const series = query.data?.series ?? [];
  const total = query.data?.total ?? 0;
  return (
    <div className="admin-screen">
      <ScreenHeader
        title="Series"
        description="Rename a series (or give its volume or start year), set its shelf copies (ordered for the shelf at every FOC), or merge a series started twice into one."
      />
      <div className="admin-series-search">
        <TextField label="Search series" type="search" value={term} onChange={(e) => setTerm(e.target.value)} autoComplete="off" />
        <p className="field__hint" role="status">
          {query.data ? `${total.toLocaleString('en-AU')} series${total > series.length ? `, first ${series.length} shown` : ''}` : ''}
        </p>
      </div>
      <QueryState query={query} label="the series" isEmpty={series.length === 0} empty={<p>No series match.</p>}>
        <ul className="admin-series" aria-label="Series">
          {series.map((s) => (
            <SeriesRow key={s._id} series={s} others={series.filter((o) => o._id !== s._id)} />
          ))}
        </ul>
      </QueryState>
    </div>
  );
}

function SeriesRow({ series, others }: { series: AdminSeriesView; others: AdminSeriesView[] }) {
  const name = seriesDisplayName(series);
  const shelf = useSetSeriesShelf();
  const merge = useMergeSeries();
  const fail = useFail();
  const success = useSuccess();
  const [copies, setCopies] = useState(String(series.shelfCopies));
  const [copiesError, setCopiesError] = useState<string | null>(null);
  const [into, setInto] = useState('');
  const edit = useEditSeries();
  const [title, setTitle] = useState(series.title);
  const [volume, setVolume] = useState(series.volume === null ? '' : String(series.volume));
  const [editError, setEditError] = useState<string | null>(null);

  const saveName = () => {
    const parsed = parseVolume(volume);
    if (!title.trim()) return setEditError('Title is required');
    if (!parsed.ok) return setEditError(parsed.message);
    setEditError(null);
    edit.mutate(
      { seriesId: series._id, changes: { title: title.trim(), volume: parsed.value } },
      { onSuccess: (answer) => success(answer.message, 'Saved'), onError: (error) => fail(error, 'not saved') },
    );
  };
  const target = others.find((o) => o._id === into);

  const saveShelf = () => {
    const parsed = parseShelfCopies(copies);
    if (!parsed.ok) return setCopiesError(parsed.message);
    setCopiesError(null);
    shelf.mutate(
      { seriesId: series._id, shelfCopies: parsed.value },
      { onSuccess: (answer) => success(answer.message, 'Saved'), onError: (error) => fail(error, 'not saved') },
    );
  };

  return (
    <li className="card admin-series__row">
      <div className="admin-series__head">
        <h2 className="admin-series__title">
          <Link to={`/series/${encodeURIComponent(series._id)}`}>{name}</Link>
        </h2>
        <p className="field__hint">
          {[series.publisher, `${series.issueCount} ${series.issueCount === 1 ? 'issue' : 'issues'}`, `id ${series._id}`]
            .filter(Boolean)
            .join(' · ')}
          {' · '}
          <Link to={`/admin-series-subscribers/${encodeURIComponent(series._id)}`}>
            Subscribers<span className="visually-hidden"> of {name}</span>
          </Link>
        </p>
      </div>
      <div className="admin-series__actions">
        <div className="admin-inline-form admin-series__name">
          <TextField
            label={
              <>
                Title<span className="visually-hidden"> of {name}</span>
              </>
            }
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            error={editError}
            autoComplete="off"
          />
          <TextField
            label={
              <>
                Volume or year<span className="visually-hidden"> of {name}</span>
              </>
            }
            inputMode="numeric"
            value={volume}
            onChange={(e) => setVolume(e.target.value)}
            className="admin-series__copies"
          />
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            onClick={saveName}
            disabled={edit.isPending}
            aria-label={`Rename ${name}`}
          >
            Rename
          </button>
        </div>
        <div className="admin-inline-form">
          <TextField
            label={
              <>
                Shelf copies<span className="visually-hidden"> of {name}</span>
              </>
            }
            inputMode="numeric"
            value={copies}
            onChange={(e) => setCopies(e.target.value)}
            error={copiesError}
            className="admin-series__copies"
          />
          <button type="button" className="btn btn--ghost btn--sm" onClick={saveShelf} disabled={shelf.isPending}>
            Save
          </button>
        </div>
        <div className="admin-inline-form">
          <SelectField
            label={
              <>
                Merge<span className="visually-hidden"> {name}</span> into
              </>
            }
            value={into}
            onChange={(e) => setInto(e.target.value)}
          >
            <option value="">Choose a series…</option>
            {others.map((o) => (
              <option key={o._id} value={o._id}>
                {seriesDisplayName(o)}
                {o.publisher ? ` (${o.publisher})` : ''}
              </option>
            ))}
          </SelectField>
          <Confirm
            title={`Merge ${name}?`}
            confirmLabel="Yes, merge"
            description={target ? `${name} and its issues join ${seriesDisplayName(target)}. A merge cannot be undone.` : undefined}
            trigger={
              <button type="button" className="btn btn--ghost btn--sm" disabled={!target || merge.isPending}>
                Merge
              </button>
            }
            onConfirm={() =>
              merge.mutate(
                { seriesId: series._id, intoSeriesId: into },
                { onSuccess: (answer) => success(answer.message, 'Merged'), onError: (error) => fail(error, 'not merged') },
              )
            }
          />
        </div>
      </div>
    </li>
  );
}
