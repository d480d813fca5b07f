import { NavLink } from 'react-router';
import { Dialog } from '../../components/ui/dialog';
import { useSession } from '../../lib/session';
import { useRunSearch } from '../../features/stock/hooks/use-run-search';
import { useUi } from '../../lib/ui-state';
import { logOut, useNavItems } from './nav';
import { CommonSearches } from './search-box';

/** The hamburger menu on small screens. */
export function MobileMenu() {
  const { open, setDialog, openDialog } = useUi();
  const { user } = useSession();
  const navItems = useNavItems();
  const runSearch = useRunSearch();
  const close = () => setDialog('mobileMenu', false);
  const linkClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'drawer-nav__link is-active' : 'drawer-nav__link');

  return (
    <Dialog open={open.mobileMenu} onOpenChange={(v) => setDialog('mobileMenu', v)} title="Menu" size="drawer-left">
      <nav aria-label="Mobile" className="drawer-nav">
        <ul>
          {navItems.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end={item.to === '/'} className={linkClass} onClick={close}>
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <h2 className="drawer-nav__heading">Account</h2>
        <ul>
          {user ? (
            <>
              <li>
                <NavLink to="/account-orders" className={linkClass} onClick={close}>
                  Orders
                </NavLink>
              </li>
              <li>
                <NavLink to="/account-pull-list" className={linkClass} onClick={close}>
                  Pull list
                </NavLink>
              </li>
              <li>
                <NavLink to="/account-want-list" className={linkClass} onClick={close}>
                  Want list
                </NavLink>
              </li>
              <li>
                <NavLink to="/account-addresses" className={linkClass} onClick={close}>
                  Addresses
                </NavLink>
              </li>
              {user.admin ? (
                <li>
                  <NavLink to="/admin-orders-awaiting-postage" className={linkClass} onClick={close}>
                    Admin
                  </NavLink>
                </li>
              ) : null}
              <li>
                <button type="button" className="drawer-nav__link" onClick={logOut}>
                  Log Out
                </button>
              </li>
            </>
          ) : (
            <>
              <li>
                <button type="button" className="drawer-nav__link" onClick={() => openDialog('login')}>
                  Login
                </button>
              </li>
              <li>
                <button type="button" className="drawer-nav__link" onClick={() => openDialog('signup')}>
                  Sign Up
                </button>
              </li>
            </>
          )}
          <li>
            <button type="button" className="drawer-nav__link" onClick={() => openDialog('feedback')}>
              Feedback
            </button>
          </li>
        </ul>
        <h2 className="drawer-nav__heading">Common</h2>
        <CommonSearches
          onPick={(term) => {
            close();
            runSearch(term);
          }}
        />
      </nav>
    </Dialog>
  );
}
