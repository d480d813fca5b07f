import { useDocumentTitle } from '../../lib/hooks';
import { useSession } from '../../lib/session';
import { useUi } from '../../lib/ui-state';
import { WantList } from '../../features/wants/components/want-list';

/** /account-want-list (issue 18): what the customer wants; an email when a match comes into stock. */
export function AccountWantListRoute() {
  const { user } = useSession();
  const { openDialog } = useUi();
  useDocumentTitle('Your Want List');
  return (
    <div className="page page--wide">
      <h1 className="page-title">Your Want List</h1>
      <p>Tell us the issues you are looking for. When a matching copy comes into stock we email you once, with a link to it.</p>
      {user ? (
        <WantList />
      ) : (
        <p>
          <button type="button" className="btn btn--primary" onClick={() => openDialog('login')}>
            Log in
          </button>{' '}
          to keep a want list.
        </p>
      )}
    </div>
  );
}
