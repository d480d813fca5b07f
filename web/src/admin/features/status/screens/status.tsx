import { useState } from 'react';
import { errorMessage } from '../../../../lib/api';
import { formatDateTime } from '../../../../lib/dates';
import { describeValue } from '../../../lib/jobs';
import { InlineMessage, QueryState, ScreenHeader } from '../../../components/admin-ui';
import { useDataTidy } from '../api/run-data-tidy';
import { useFailedJobs } from '../api/get-failed-jobs';
import { useRetryJob } from '../api/retry-job';
import { useSystemStatus } from '../api/get-system-status';

const QUEUE_COLUMNS = ['waiting', 'active', 'delayed', 'failed', 'completed'] as const;

function seconds(value: number): string {
  if (value < 1) return 'up to date';
  if (value < 90) return `${Math.round(value)} s`;
  if (value < 5400) return `${Math.round(value / 60)} min`;
  return `${(value / 3600).toFixed(1)} h`;
}

/** /admin-status: the system's figures, Data Tidy, and failed background jobs with Retry. */
export function StatusScreen() {
  const status = useSystemStatus();
  const tidy = useDataTidy();
  const jobs = useFailedJobs();
  const retry = useRetryJob();
  const [tidyResult, setTidyResult] = useState<{ tone: 'success' | 'error'; text: string; details: Array<[string, string]> } | null>(null);
  const [retryMessage, setRetryMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const data = status.data;

  const runTidy = () =>
    tidy.mutate(undefined, {
      onSuccess: (result) =>
        setTidyResult({
          tone: 'success',
          text: result?.message || 'Data tidy finished.',
          details: Object.entries(result ?? {})
            .filter(([key]) => key !== 'message')
            .map(([key, value]) => [key, describeValue(value)]),
        }),
      onError: (error) => setTidyResult({ tone: 'error', text: errorMessage(error), details: [] }),
    });

  return (
    <div className="admin-screen">
      <ScreenHeader title="Status">
        <button type="button" className="btn btn--primary btn--sm" onClick={runTidy} disabled={tidy.isPending}>
          {tidy.isPending ? 'Tidying…' : 'Data Tidy'}
        </button>
        <button type="button" className="btn btn--ghost btn--sm" onClick={() => void status.refetch()} aria-label="Refresh Status">
          Refresh
        </button>
      </ScreenHeader>
      {tidyResult ? (
        <div className="admin-section">
          <InlineMessage tone={tidyResult.tone}>{tidyResult.text}</InlineMessage>
          {tidyResult.details.length ? (
            <dl className="admin-kv">
              {tidyResult.details.map(([key, value]) => (
                <div key={key}>
                  <dt>{key}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
          ) : null}
        </div>
      ) : null}
      <QueryState query={status} label="the status">
        {data ? (
          <>
            <section className="card admin-section" aria-labelledby="status-system">
              <h2 id="status-system" className="section-title">
                System
              </h2>
              <dl className="admin-totals__grid">
                <div>
                  <dt>Status</dt>
                  <dd>
                    <span className={data.status === 'ok' ? 'pill pill--ok' : 'pill pill--warn'}>{data.status}</span>
                  </dd>
                </div>
                <div>
                  <dt>Event store</dt>
                  <dd>{data.eventStore ?? '—'}</dd>
                </div>
                <div>
                  <dt>Events</dt>
                  <dd>{data.events?.toLocaleString('en-AU') ?? '—'}</dd>
                </div>
                {data.time ? (
                  <div>
                    <dt>Server time</dt>
                    <dd>{formatDateTime(data.time)}</dd>
                  </div>
                ) : null}
              </dl>
            </section>
            <section className="card admin-section" aria-labelledby="status-projections">
              <h2 id="status-projections" className="section-title">
                Projections
              </h2>
              {data.projections?.length ? (
                <div className="admin-table-wrap">
                  <table className="admin-table">
                    <thead>
                      <tr>
                        <th scope="col">Projector</th>
                        <th scope="col">Checkpoint</th>
                        <th scope="col" className="num">
                          Events behind
                        </th>
                        <th scope="col" className="num">
                          Lag
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {data.projections.map((p) => (
                        <tr key={p.projector} className={p.eventsBehind > 0 ? 'is-behind' : undefined}>
                          <th scope="row">{p.projector}</th>
                          <td>
                            <code>{p.checkpoint ?? 'none'}</code>
                          </td>
                          <td className="num">{p.eventsBehind}</td>
                          <td className="num">{seconds(p.secondsBehind)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              ) : (
                <p className="muted">No projections reported.</p>
              )}
            </section>
            <section className="card admin-section" aria-labelledby="status-queues">
              <h2 id="status-queues" className="section-title">
                Queues
              </h2>
              {data.queues ? (
                <div className="admin-table-wrap">
                  <table className="admin-table">
                    <thead>
                      <tr>
                        <th scope="col">Queue</th>
                        {QUEUE_COLUMNS.map((c) => (
                          <th key={c} scope="col" className="num">
                            {c[0]?.toUpperCase()}
                            {c.slice(1)}
                          </th>
                        ))}
                      </tr>
                    </thead>
                    <tbody>
                      {Object.entries(data.queues).map(([queue, counts]) => (
                        <tr key={queue} className={(counts.failed ?? 0) > 0 ? 'is-behind' : undefined}>
                          <th scope="row">{queue}</th>
                          {QUEUE_COLUMNS.map((c) => (
                            <td key={c} className="num">
                              {counts[c] ?? 0}
                            </td>
                          ))}
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              ) : (
                <p className="muted">Queues are not running (no Redis configured).</p>
              )}
            </section>
          </>
        ) : null}
      </QueryState>
      <section className="card admin-section" aria-labelledby="status-failed">
        <h2 id="status-failed" className="section-title">
          Failed jobs
        </h2>
        {retryMessage ? <InlineMessage tone={retryMessage.tone}>{retryMessage.text}</InlineMessage> : null}
        <QueryState query={jobs} label="failed jobs" isEmpty={(jobs.data ?? []).length === 0} empty={<p>No failed jobs.</p>}>
          <ul className="admin-list">
            {(jobs.data ?? []).map((job) => (
              <li key={`${job.queue}:${job.id}`} className="admin-job">
                <div>
                  <p>
                    <strong>{job.name}</strong>{' '}
                    <span className="muted">
                      ({job.queue} #{job.id})
                    </span>
                  </p>
                  {job.failedReason ? <p className="field__error">{job.failedReason}</p> : null}
                  <p className="muted">
                    {job.attemptsMade ?? 0} attempt{job.attemptsMade === 1 ? '' : 's'}
                    {job.timestamp ? ` · ${formatDateTime(job.timestamp)}` : ''}
                  </p>
                </div>
                <button
                  type="button"
                  className="btn btn--secondary btn--sm"
                  disabled={retry.isPending}
                  aria-label={`Retry ${job.name} ${job.queue} #${job.id}`}
                  onClick={() =>
                    retry.mutate(
                      { queue: job.queue, id: job.id },
                      {
                        onSuccess: (d) => setRetryMessage({ tone: 'success', text: d?.message || `Job ${job.id} queued again.` }),
                        onError: (e) => setRetryMessage({ tone: 'error', text: errorMessage(e) }),
                      },
                    )
                  }
                >
                  Retry
                </button>
              </li>
            ))}
          </ul>
        </QueryState>
      </section>
    </div>
  );
}
