import { useEffect, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { ChevronDownIcon } from '../components/ui/icons';
import { useSiteSettings } from '../api/get-site-settings';
import { ADMIN_NAV, activeLink } from './lib/nav';
import { postingCountText } from './features/orders/lib/orders';

/** The admin navigation: a side column on wide screens, a disclosure ('Admin menu') on phones. */
export function AdminNav() {
  const { pathname } = useLocation();
  const { data: settings } = useSiteSettings();
  const [open, setOpen] = useState(false);
  const current = activeLink(pathname);
  const count = postingCountText(settings?.ordersNeedPosting);
  useEffect(() => setOpen(false), [pathname]);

  return (
    <nav className={`admin-nav${open ? ' is-open' : ''}`} aria-label="Admin">
      <button
        type="button"
        className="admin-nav__toggle"
        aria-expanded={open}
        aria-controls="admin-nav-groups"
        onClick={() => setOpen((v) => !v)}
      >
        <span>Admin menu{current ? <span className="admin-nav__current">: {current.label}</span> : null}</span>
        <ChevronDownIcon size={18} />
      </button>
      <div id="admin-nav-groups" className="admin-nav__groups">
        {ADMIN_NAV.map((group) => (
          <div key={group.label} className="admin-nav__group">
            <h2 className="admin-nav__heading">{group.label}</h2>
            <ul>
              {group.links.map((link) => {
                const isCurrent = link === current;
                const badge = link.to === '/admin-orders-awaiting-postage' ? count : null;
                return (
                  <li key={link.to}>
                    <NavLink
                      to={link.to}
                      end
                      className={isCurrent ? 'admin-nav__link is-active' : 'admin-nav__link'}
                      aria-current={isCurrent ? 'page' : undefined}
                    >
                      <span>{link.label}</span>
                      {badge ? (
                        <span className="admin-nav__badge">
                          {badge}
                          <span className="visually-hidden"> to post</span>
                        </span>
                      ) : null}
                    </NavLink>
                  </li>
                );
              })}
            </ul>
          </div>
        ))}
      </div>
    </nav>
  );
}
