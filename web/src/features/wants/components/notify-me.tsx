import { Link } from 'react-router';
import { useSession } from '../../../lib/session';
import { useUi } from '../../../lib/ui-state';
import { useAddWant } from '../api/add-want';
import { useWantList } from '../api/get-want-list';

/** "Notify me" on a sold-out item (issue 18): a want for this item; one email when it is back. */
export function NotifyMe({ stockItemId }: { stockItemId: string }) {
  const { user } = useSession();
  const { openDialog } = useUi();
  const list = useWantList(Boolean(user));
  const add = useAddWant();
  const wanted = list.data?.wants.some((w) => w.stockId === stockItemId) ?? false;
  if (!user) {
    return (
      <div className="item-page__notify">
        <span>Sold out.</span>
        <button type="button" className="btn btn--secondary" onClick={() => openDialog('login')}>
          Log in to be notified
        </button>
      </div>
    );
  }
  return (
    <div className="item-page__notify" role="status">
      {wanted ? (
        <span>
          We will email you when it is back. <Link to="/account-want-list">Your want list</Link>
        </span>
      ) : (
        <>
          <span>Sold out.</span>
          <button type="button" className="btn btn--primary" disabled={add.isPending} onClick={() => add.mutate({ stockId: stockItemId })}>
            Notify me
          </button>
          {add.isError ? <span className="field__error">{(add.error as Error).message}</span> : null}
        </>
      )}
    </div>
  );
}
