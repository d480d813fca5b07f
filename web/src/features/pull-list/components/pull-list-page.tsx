import type { PullListAnswer } from '@shop/domain/contract/pullLists';
import { errorMessage } from '../../../lib/api';
import { formatDate } from '../../../lib/dates';
import { useSession } from '../../../lib/session';
import { useUi } from '../../../lib/ui-state';
import { Spinner } from '../../../components/ui/field';
import { usePullList } from '../api/get-pull-list';
import { useCancelReservation } from '../api/cancel-reservation';
import { useUnsubscribe } from '../api/unsubscribe';
import { copiesWord, coversWord } from '../lib/pull-list-words';

type Reserved = PullListAnswer['reserved'][number];

function ReservedRow({ r }: { r: Reserved }) {
  const cancel = useCancelReservation();
  return (
    <li className="pull-reserved">
      <div className="pull-reserved__main">
        <strong className="pull-reserved__title">{r.title}</strong>
        <span className="pull-reserved__facts">
          {r.quantity > 0 ? `${copiesWord(r.quantity)} put aside` : null}
          {r.awaiting > 0 ? <span className="pull-badge pull-badge--wait">{copiesWord(r.awaiting)} awaiting copies</span> : null}
          {r.status === 'released' ? <span className="pull-badge pull-badge--ok">In your order</span> : null}
        </span>
        <span className="pull-reserved__dates muted">
          {r.releaseDate ? `Out ${formatDate(r.releaseDate)}` : 'Release date to come'}
          {r.status === 'reserved' && r.focDate
            ? r.cancellable
              ? ` · Cancel by ${formatDate(r.focDate)}`
              : ` · Ordered from the distributor ${formatDate(r.focDate)}`
            : null}
        </span>
      </div>
      {r.status === 'reserved' ? (
        <div className="pull-reserved__actions">
          <button
            type="button"
            className="btn btn--sm btn--ghost"
            disabled={!r.cancellable || cancel.isPending}
            aria-label={`Cancel ${r.title}`}
            onClick={() => cancel.mutate(r.stockId)}
          >
            Cancel
          </button>
          {cancel.error ? (
            <p role="alert" className="field__error">
              {errorMessage(cancel.error)}
            </p>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

/** /account-pull-list: the series the customer subscribes to, and the issues reserved for them. */
export function PullListPage() {
  const { user } = useSession();
  const { openDialog } = useUi();
  const list = usePullList(Boolean(user));
  const unsubscribe = useUnsubscribe();

  if (!user) {
    return (
      <p>
        <button type="button" className="link-btn" onClick={() => openDialog('login')}>
          Log in
        </button>{' '}
        to see your pull list.
      </p>
    );
  }
  if (list.isLoading) return <Spinner label="Loading your pull list" />;
  if (list.isError || !list.data) return <p role="alert">Your pull list could not be loaded.</p>;
  const { subscriptions, reserved } = list.data;

  return (
    <div className="pull-list">
      <section className="card pull-list__subs" aria-labelledby="pull-subs">
        <h2 id="pull-subs" className="section-title">
          Your series
        </h2>
        {subscriptions.length === 0 ? (
          <p>
            No subscriptions yet. Open any issue of a series you follow and choose <strong>Subscribe</strong>: each new issue will be put
            aside for you.
          </p>
        ) : (
          <ul className="pull-subs">
            {subscriptions.map((s) => (
              <li key={s.seriesId} className="pull-subs__item">
                <span>
                  <strong>{s.title}</strong>
                  <span className="muted">
                    {' '}
                    · {copiesWord(s.quantity)}, {coversWord(s.covers)}
                  </span>
                </span>
                <button
                  type="button"
                  className="btn btn--sm btn--ghost"
                  aria-label={`Unsubscribe from ${s.title}`}
                  disabled={unsubscribe.isPending}
                  onClick={() => unsubscribe.mutate(s.seriesId)}
                >
                  Unsubscribe
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="card pull-list__reserved" aria-labelledby="pull-reserved">
        <h2 id="pull-reserved" className="section-title">
          Reserved for you
        </h2>
        {reserved.length === 0 ? (
          <p>Nothing reserved yet: new issues of your series appear here as soon as we list them.</p>
        ) : (
          <ul className="pull-reserved-list">
            {reserved.map((r) => (
              <ReservedRow key={r.stockId} r={r} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
