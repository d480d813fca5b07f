import { useDocumentTitle } from '../../lib/hooks';
import { PullListPage } from '../../features/pull-list/components/pull-list-page';

/** 'Your Pull List': subscriptions and reserved issues. */
export function AccountPullListRoute() {
  useDocumentTitle('Your Pull List');
  return (
    <div className="page page--wide">
      <h1 className="page-title">Your Pull List</h1>
      <PullListPage />
    </div>
  );
}
