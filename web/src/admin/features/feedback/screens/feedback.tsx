import { useMemo } from 'react';
import { formatDateTime } from '../../../../lib/dates';
import { LoadMore, QueryState, ScreenHeader, useReveal } from '../../../components/admin-ui';
import { useFeedbacks } from '../api/get-feedbacks';

/** /admin-feedback: My Feedbacks, newest first. */
export function FeedbackScreen() {
  const query = useFeedbacks();
  const feedbacks = useMemo(
    () => [...(query.data ?? [])].sort((a, b) => (new Date(b.createdAt ?? 0).getTime() || 0) - (new Date(a.createdAt ?? 0).getTime() || 0)),
    [query.data],
  );
  const reveal = useReveal(feedbacks, 'feedback');
  return (
    <div className="admin-screen">
      <ScreenHeader title="My Feedbacks">
        <button type="button" className="btn btn--ghost btn--sm" onClick={() => void query.refetch()} aria-label="Refresh My Feedbacks">
          Refresh
        </button>
      </ScreenHeader>
      <QueryState query={query} label="feedback" isEmpty={feedbacks.length === 0} empty={<p>No feedback yet.</p>}>
        <ul className="admin-list">
          {reveal.visible.map((feedback) => (
            <li key={feedback._id}>
              <article className="card admin-feedback" aria-label={`Feedback from ${feedback.email || 'unknown'}`}>
                <header className="admin-feedback__head">
                  {feedback.email ? (
                    <a className="link" href={`mailto:${feedback.email}`}>
                      {feedback.email}
                    </a>
                  ) : (
                    <span className="muted">No email</span>
                  )}
                  <time className="muted" dateTime={feedback.createdAt ?? undefined}>
                    {formatDateTime(feedback.createdAt)}
                  </time>
                </header>
                <p className="admin-feedback__text">{feedback.description}</p>
              </article>
            </li>
          ))}
        </ul>
        <LoadMore count={reveal.visible.length} label="feedback" hasMore={reveal.hasMore} loading={false} onLoadMore={reveal.more} />
      </QueryState>
    </div>
  );
}
