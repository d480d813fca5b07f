import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { formatDateTime } from '../../../../lib/dates';
import { useUsers } from '../../../api/get-users';
import { AUDIT_KINDS, auditFiltersFrom, pageCount } from '../lib/audit';
import { changedKeys, flattenState, removedKeys } from '../../../lib/history';
import { QueryState, ScreenHeader, SelectField } from '../../../components/admin-ui';
import type { AuditEntry, StreamHistoryEntry } from '../../../types';
import { useAuditHistory } from '../api/get-audit-history';
import { useStreamHistory } from '../api/get-stream-history';
import { userName } from '../../../lib/user-name';

function streamLink(streamId: string) {
  return `/admin-history/${encodeURIComponent(streamId)}`;
}

function AuditCard({ audit }: { audit: AuditEntry }) {
  return (
    <article className="card admin-audit" aria-label={`${audit.description} at ${formatDateTime(audit.createdAt)}`}>
      <header className="admin-audit__head">
        <time dateTime={audit.createdAt}>{formatDateTime(audit.createdAt)}</time>
        <span>
          <strong>{audit.userName || 'Guest'}</strong>
          {audit.userEmail ? <span className="muted"> · {audit.userEmail}</span> : null}
        </span>
      </header>
      <p className="admin-audit__description">{audit.description}</p>
      <p className="admin-audit__meta">
        {audit.streamType ? <span className="pill">{audit.streamType}</span> : null}
        {audit.eventType ? <code className="admin-audit__event">{audit.eventType}</code> : null}
        {audit.streamId ? (
          <Link className="link" to={streamLink(audit.streamId)} aria-label={`History of ${audit.streamId}`}>
            {audit.streamId}
          </Link>
        ) : null}
      </p>
    </article>
  );
}

/** /admin-audit-history: audit cards, paging, and filters by user, kind (stream type) and stream (kept in the URL). */
export function AuditHistoryScreen() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => auditFiltersFrom(params), [params]);
  const query = useAuditHistory(filters);
  const users = useUsers();
  const [stream, setStream] = useState(filters.streamId);
  useEffect(() => setStream(filters.streamId), [filters.streamId]);
  const pages = pageCount(query.data?.total ?? 0, filters.pageSize);
  const audits = query.data?.audits ?? [];

  const update = (change: Partial<Record<'page' | 'userId' | 'kind' | 'streamId', string>>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(change)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    if (!('page' in change)) next.delete('page');
    setParams(next);
  };
  const submitStream = (event: FormEvent) => {
    event.preventDefault();
    update({ streamId: stream.trim() });
  };

  const pager = (where: 'top' | 'bottom') => (
    <nav className="admin-pager" aria-label={where === 'top' ? 'Audit pages' : 'Audit pages, bottom'}>
      <button
        type="button"
        className="btn btn--ghost btn--sm"
        disabled={filters.page <= 1}
        onClick={() => update({ page: String(filters.page - 1) })}
      >
        Previous page
      </button>
      <span aria-live="polite">
        Page {Math.min(filters.page, pages)} of {pages}
        {query.data ? ` · ${query.data.total} entr${query.data.total === 1 ? 'y' : 'ies'}` : ''}
      </span>
      <button
        type="button"
        className="btn btn--ghost btn--sm"
        disabled={filters.page >= pages}
        onClick={() => update({ page: String(filters.page + 1) })}
      >
        Next page
      </button>
    </nav>
  );

  return (
    <div className="admin-screen">
      <ScreenHeader title="Audit History" description="Every change, replayed from the events: who did what, and when." />
      <div className="card admin-filters" role="group" aria-label="Audit filters">
        <SelectField label="User" value={filters.userId} onChange={(e) => update({ userId: e.target.value })}>
          <option value="">All users</option>
          {(users.data ?? []).map((u) => (
            <option key={u._id} value={u._id}>
              {userName(u)} ({u.email})
            </option>
          ))}
        </SelectField>
        <SelectField label="Kind" value={filters.kind} onChange={(e) => update({ kind: e.target.value })}>
          <option value="">All kinds</option>
          {AUDIT_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {kind}
            </option>
          ))}
        </SelectField>
        <form className="admin-inline-form" onSubmit={submitStream}>
          <div className="field">
            <label className="field__label" htmlFor="audit-stream">
              Stream
            </label>
            <input
              id="audit-stream"
              className="input"
              value={stream}
              onChange={(e) => setStream(e.target.value)}
              placeholder="e.g. order-…"
              autoComplete="off"
              spellCheck={false}
            />
          </div>
          <button type="submit" className="btn btn--secondary btn--sm">
            Filter
          </button>
          {filters.userId || filters.kind || filters.streamId ? (
            <button type="button" className="btn btn--ghost btn--sm" onClick={() => setParams(new URLSearchParams())}>
              Clear filters
            </button>
          ) : null}
        </form>
      </div>
      {pager('top')}
      <QueryState query={query} label="the audit history" isEmpty={audits.length === 0} empty={<p>No audit entries.</p>}>
        <ul className={`admin-list${query.isPlaceholderData ? ' is-stale' : ''}`} aria-busy={query.isFetching || undefined}>
          {audits.map((audit) => (
            <li key={audit._id}>
              <AuditCard audit={audit} />
            </li>
          ))}
        </ul>
        {pager('bottom')}
      </QueryState>
    </div>
  );
}

function HistoryEntry({ entry, previous }: { entry: StreamHistoryEntry; previous: StreamHistoryEntry | null }) {
  const rows = useMemo(() => flattenState(entry.state), [entry.state]);
  const before = useMemo(() => (previous ? flattenState(previous.state) : null), [previous]);
  const changed = useMemo(() => changedKeys(before, rows), [before, rows]);
  const removed = useMemo(() => removedKeys(before, rows), [before, rows]);
  const [showAll, setShowAll] = useState(true);
  const visible = showAll ? rows : rows.filter((r) => changed.has(r.key));
  const id = `history-${entry.version}`;
  return (
    <li className="card admin-history" aria-labelledby={id}>
      <header className="admin-history__head">
        <h2 id={id} className="admin-history__title">
          <span className="pill">v{entry.version}</span> <code>{entry.type}</code>
        </h2>
        <span className="muted">
          <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time> · {entry.userName || 'Guest'}
          {entry.userEmail ? ` (${entry.userEmail})` : ''}
        </span>
      </header>
      {entry.description ? <p>{entry.description}</p> : null}
      {previous ? (
        <p className="muted admin-history__summary">
          {changed.size} field{changed.size === 1 ? '' : 's'} changed{removed.length ? `, ${removed.length} removed` : ''}.{' '}
          <button type="button" className="link-btn" aria-expanded={showAll} onClick={() => setShowAll((v) => !v)}>
            {showAll ? `Show changes only (version ${entry.version})` : `Show the whole state (version ${entry.version})`}
          </button>
        </p>
      ) : null}
      {visible.length || removed.length ? (
        <div className="admin-table-wrap">
          <table className="admin-table admin-kv-table">
            <caption className="visually-hidden">State after version {entry.version}</caption>
            <thead>
              <tr>
                <th scope="col">Field</th>
                <th scope="col">Value</th>
              </tr>
            </thead>
            <tbody>
              {visible.map((row) => (
                <tr key={row.key} className={changed.has(row.key) ? 'is-changed' : undefined}>
                  <th scope="row">
                    <code>{row.key}</code>
                    {changed.has(row.key) ? <span className="visually-hidden"> (changed)</span> : null}
                  </th>
                  <td>{row.value}</td>
                </tr>
              ))}
              {removed.map((key) => (
                <tr key={`removed-${key}`} className="is-removed">
                  <th scope="row">
                    <code>{key}</code>
                    <span className="visually-hidden"> (removed)</span>
                  </th>
                  <td>removed</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="muted">No field changed.</p>
      )}
    </li>
  );
}

/** /admin-history/{streamId}: the state after each event of one stream, with the changed fields marked. */
export function StreamHistoryScreen() {
  const { streamId = '' } = useParams();
  const query = useStreamHistory(streamId);
  const entries = query.data?.entries ?? [];
  return (
    <div className="admin-screen">
      <ScreenHeader
        title={`History of ${streamId}`}
        description={query.data?.streamType ? `A ${query.data.streamType} stream, ${entries.length} events.` : undefined}
      >
        <Link className="btn btn--ghost btn--sm" to={`/admin-audit-history?streamId=${encodeURIComponent(streamId)}`}>
          Audit entries
        </Link>
      </ScreenHeader>
      <QueryState query={query} label="the history" isEmpty={entries.length === 0} empty={<p>No events in this stream.</p>}>
        <ol className="admin-list admin-history-list">
          {entries.map((entry, index) => (
            <HistoryEntry key={entry.version} entry={entry} previous={entries[index - 1] ?? null} />
          ))}
        </ol>
      </QueryState>
    </div>
  );
}
