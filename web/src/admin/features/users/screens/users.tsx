import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useUsers } from '../../../api/get-users';
import { historyPath } from '../../../lib/history';
import { LoadMore, QueryState, ScreenHeader, useReveal } from '../../../components/admin-ui';
import { SendCreditDialog } from '../components/send-credit-dialog';
import type { AdminUser } from '../../../types';
import { userName } from '../../../lib/user-name';

function UserCard({ user, onCredit }: { user: AdminUser; onCredit: (user: AdminUser) => void }) {
  const name = [user.givenName, user.familyName].filter((p) => p && p.trim()).join(' ');
  const label = name || user.email;
  return (
    <article className="card admin-user" aria-label={`User ${label}`}>
      <div className="admin-user__main">
        <h3 className="order-card__title">{name || <span className="muted">No name</span>}</h3>
        <a className="link" href={`mailto:${user.email}`}>
          {user.email}
        </a>
        <div className="admin-order__pills">
          {user.admin ? <span className="pill pill--ok">Admin</span> : null}
          {user.localPickup ? <span className="pill">Local pickup</span> : null}
          {user.addresses?.length ? (
            <span className="pill">
              {user.addresses.length} address{user.addresses.length === 1 ? '' : 'es'}
            </span>
          ) : null}
        </div>
      </div>
      <div className="admin-user__actions" role="group" aria-label={`Actions for ${label}`}>
        <button type="button" className="btn btn--primary btn--sm" onClick={() => onCredit(user)} aria-label={`Send credit to ${label}`}>
          Send credit
        </button>
        <Link
          className="btn btn--ghost btn--sm"
          to={`/admin-pull-list/${encodeURIComponent(user._id)}`}
          aria-label={`Pull list of ${label}`}
        >
          Pull list
        </Link>
        <Link className="btn btn--ghost btn--sm" to={historyPath('user', user._id)} aria-label={`History of ${label}`}>
          History
        </Link>
      </div>
    </article>
  );
}

/** /admin-user-list: My Users, with a send credit dialog for each. */
export function UserListScreen() {
  const query = useUsers();
  const [filter, setFilter] = useState('');
  const [creditFor, setCreditFor] = useState<AdminUser | null>(null);
  const [open, setOpen] = useState(false);
  const needle = filter.trim().toLowerCase();
  const users = useMemo(
    () =>
      [...(query.data ?? [])]
        .filter((u) => !needle || `${userName(u)} ${u.email}`.toLowerCase().includes(needle))
        .sort((a, b) => userName(a).localeCompare(userName(b))),
    [query.data, needle],
  );
  const reveal = useReveal(users, needle);
  return (
    <div className="admin-screen">
      <ScreenHeader title="My Users">
        <button type="button" className="btn btn--ghost btn--sm" onClick={() => void query.refetch()} aria-label="Refresh My Users">
          Refresh
        </button>
      </ScreenHeader>
      <div className="field admin-filter">
        <label className="field__label" htmlFor="user-filter">
          Filter by name or email
        </label>
        <input
          id="user-filter"
          className="input"
          type="search"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          autoComplete="off"
        />
      </div>
      <QueryState query={query} label="users" isEmpty={users.length === 0} empty={<p>{needle ? 'No users match.' : 'No users yet.'}</p>}>
        <p className="muted admin-count" role="status">
          {users.length} user{users.length === 1 ? '' : 's'}
        </p>
        <h2 className="visually-hidden">Users</h2>
        <ul className="admin-list admin-list--cards">
          {reveal.visible.map((user) => (
            <li key={user._id}>
              <UserCard
                user={user}
                onCredit={(u) => {
                  setCreditFor(u);
                  setOpen(true);
                }}
              />
            </li>
          ))}
        </ul>
        <LoadMore count={reveal.visible.length} label="users" hasMore={reveal.hasMore} loading={false} onLoadMore={reveal.more} />
      </QueryState>
      {creditFor ? <SendCreditDialog open={open} onOpenChange={setOpen} user={creditFor} /> : null}
    </div>
  );
}
