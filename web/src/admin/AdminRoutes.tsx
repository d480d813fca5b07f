import { Link, useLocation } from 'react-router';
import { useDocumentTitle } from '../lib/hooks';
import { useSession } from '../lib/session';

/** Admin screens (spec admin.md section 2); each is filled in later in this lazily loaded chunk. */
export const ADMIN_LINKS: Array<{ to: string; label: string }> = [
  { to: '/admin-orders-awaiting-postage', label: 'Orders Awaiting Postage' },
  { to: '/admin-complete-order-list', label: 'Complete Orders' },
  { to: '/admin-adhoc-order-list', label: 'Ad-hoc Orders' },
  { to: '/admin-order-list', label: 'All Orders' },
  { to: '/admin-stock-list', label: 'All Stock' },
  { to: '/admin-zero-stock-list', label: 'Zero Stock' },
  { to: '/admin-new-stock-list', label: 'New Stock' },
  { to: '/admin-back-issue-list', label: 'Back Issues' },
  { to: '/admin-pre-order-list', label: 'Pre-Orders' },
  { to: '/admin-games-list', label: 'Games' },
  { to: '/admin-accessories-list', label: 'Accessories' },
  { to: '/admin-batch-list', label: 'Batches' },
  { to: '/admin-search-stock', label: 'Search Stock' },
  { to: '/admin-stock-images', label: 'Images Check' },
  { to: '/admin-stock-upload', label: 'Diamond Upload' },
  { to: '/admin-ebay', label: 'eBay' },
  { to: '/admin-site-settings', label: 'Site Settings' },
  { to: '/admin-user-list', label: 'My Users' },
  { to: '/admin-audit-history', label: 'Audit History' },
  { to: '/admin-feedback', label: 'My Feedbacks' },
  { to: '/admin-status', label: 'Status' },
];

export default function AdminRoutes() {
  const { user } = useSession();
  const location = useLocation();
  const current = ADMIN_LINKS.find((l) => location.pathname === l.to || location.pathname.startsWith(`${l.to}/`));
  useDocumentTitle(current ? `Admin - ${current.label}` : 'Admin');

  if (!user?.admin) {
    return (
      <div className="page">
        <h1 className="page-title">Admin</h1>
        <p>This area is for the shop's administrators. Please log in with an admin account.</p>
      </div>
    );
  }

  return (
    <div className="page page--wide admin">
      <h1 className="page-title">Admin</h1>
      <nav aria-label="Admin" className="admin__nav">
        <ul>
          {ADMIN_LINKS.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className={link === current ? 'filter-link is-active' : 'filter-link'} aria-current={link === current ? 'page' : undefined}>
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <section className="card">
        <h2 className="section-title">{current?.label ?? 'Admin'}</h2>
        <p className="muted">This admin screen is coming soon.</p>
      </section>
    </div>
  );
}
