import { useId, useState } from 'react';
import type { Comic } from '../../../types/api';
import { errorMessage } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { useUi } from '../../../lib/ui-state';
import { usePullList } from '../api/get-pull-list';
import { useSubscribe } from '../api/subscribe';
import { useUnsubscribe } from '../api/unsubscribe';
import { copiesWord, coversWord, PULL_QUANTITIES } from '../lib/pull-list-words';

/**
 * The pull-list control of an item's series (in the preview popup, and the series page): subscribe
 * with a quantity and covers, change or stop a subscription. A guest is asked to log in.
 */
export function SubscribeControl({ comic }: { comic: Pick<Comic, 'seriesId' | 'seriesTitle'> }) {
  const { user } = useSession();
  const { openDialog } = useUi();
  const list = usePullList(Boolean(user));
  const subscribe = useSubscribe();
  const unsubscribe = useUnsubscribe();
  const seriesId = comic.seriesId;
  const current = list.data?.subscriptions.find((s) => s.seriesId === seriesId) ?? null;
  const [editing, setEditing] = useState(false);
  const [quantity, setQuantity] = useState(current?.quantity ?? 1);
  const [covers, setCovers] = useState<'all' | 'main'>(current?.covers ?? 'main');
  const ids = useId();
  if (!seriesId) return null;
  const title = comic.seriesTitle || 'this series';

  if (!user) {
    return (
      <section className="pull-control" aria-label="Pull list">
        <p className="pull-control__text">
          Get every new issue of <strong>{title}</strong> put aside for you.{' '}
          <button type="button" className="link-btn" onClick={() => openDialog('login')}>
            Log in to subscribe
          </button>
        </p>
      </section>
    );
  }

  const error = subscribe.error ?? unsubscribe.error;
  if (current && !editing) {
    return (
      <section className="pull-control" aria-label="Pull list">
        <p className="pull-control__text" role="status">
          On your pull list: <strong>{title}</strong>, {copiesWord(current.quantity)}, {coversWord(current.covers)}.
        </p>
        <div className="pull-control__actions">
          <button
            type="button"
            className="btn btn--sm"
            onClick={() => {
              setQuantity(current.quantity);
              setCovers(current.covers);
              setEditing(true);
            }}
          >
            Change
          </button>
          <button
            type="button"
            className="btn btn--sm btn--ghost"
            disabled={unsubscribe.isPending}
            onClick={() => unsubscribe.mutate(seriesId)}
          >
            Unsubscribe
          </button>
        </div>
        {error ? (
          <p role="alert" className="field__error">
            {errorMessage(error)}
          </p>
        ) : null}
      </section>
    );
  }

  return (
    <section className="pull-control" aria-label="Pull list">
      <form
        className="pull-control__form"
        onSubmit={(e) => {
          e.preventDefault();
          subscribe.mutate({ seriesId, quantity, covers }, { onSuccess: () => setEditing(false) });
        }}
      >
        <p className="pull-control__text">
          Subscribe to <strong>{title}</strong>: each new issue put aside for you.
        </p>
        <div className="pull-control__fields">
          <label htmlFor={`${ids}-qty`}>Copies</label>
          <select id={`${ids}-qty`} value={quantity} onChange={(e) => setQuantity(Number(e.target.value))}>
            {PULL_QUANTITIES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
          <fieldset className="pull-control__covers">
            <legend className="visually-hidden">Covers</legend>
            <label>
              <input type="radio" name={`${ids}-covers`} checked={covers === 'main'} onChange={() => setCovers('main')} /> Main cover
            </label>
            <label>
              <input type="radio" name={`${ids}-covers`} checked={covers === 'all'} onChange={() => setCovers('all')} /> All covers
            </label>
          </fieldset>
        </div>
        <div className="pull-control__actions">
          <button type="submit" className="btn btn--primary btn--sm" disabled={subscribe.isPending}>
            {current ? 'Save' : 'Subscribe'}
          </button>
          {current ? (
            <button type="button" className="btn btn--sm btn--ghost" onClick={() => setEditing(false)}>
              Cancel
            </button>
          ) : null}
        </div>
        {error ? (
          <p role="alert" className="field__error">
            {errorMessage(error)}
          </p>
        ) : null}
      </form>
    </section>
  );
}

export default SubscribeControl;
