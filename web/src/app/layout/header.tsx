import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { NavLink } from 'react-router';
import { SHOP_NAME, TAGLINE } from '../../config';
import { useSession } from '../../lib/session';
import { AdminIcon, CartIcon, FeedbackIcon, MenuIcon, UserIcon } from '../../components/ui/icons';
import { useSiteSettings } from '../../api/get-site-settings';
import { adminIconLabel, postingBadge } from '../../features/settings/lib/badge';
import { useCurrentOrder } from '../../api/get-current-order';
import { useUi } from '../../lib/ui-state';
import { ADMIN_HOME, useNavItems, WarningBanner } from './nav';
import { SearchBox } from './search-box';

export const loadHeaderMenus = () => import('./header-menus');
const HeaderMenus = lazy(loadHeaderMenus);

/** What the header's menus look like while their chunk loads (same names and places). */
function HeaderMenusFallback({
  loggedIn,
  givenName,
  isAdmin,
  count,
}: {
  loggedIn: boolean;
  givenName?: string;
  isAdmin: boolean;
  count: number;
}) {
  const { openDialog } = useUi();
  const badge = postingBadge(count);
  return (
    <>
      {loggedIn ? (
        <button type="button" className="icon-btn header__icon account-btn" aria-haspopup="menu">
          <UserIcon />
          <span className="visually-hidden">Account </span>
          <span className="account-btn__name">{givenName}</span>
        </button>
      ) : null}
      <span className="desktop-only">
        <button type="button" className="icon-btn header__icon" aria-label="Feedback" onClick={() => openDialog('feedback')}>
          <FeedbackIcon />
        </button>
      </span>
      <span className="desktop-only">
        <button type="button" className="icon-btn header__icon" aria-label="Menu" aria-haspopup="menu">
          <MenuIcon />
        </button>
      </span>
      {isAdmin ? (
        <Link to={ADMIN_HOME} className="icon-btn header__icon" aria-label={adminIconLabel(count)}>
          <AdminIcon />
          {badge ? (
            <span className={`badge badge--${badge.variant}`} aria-hidden="true">
              {badge.text}
            </span>
          ) : null}
        </Link>
      ) : null}
    </>
  );
}

export function Header() {
  const { user } = useSession();
  const { openDialog } = useUi();
  const { data: settings } = useSiteSettings();
  const { data: orderData } = useCurrentOrder();
  const navItems = useNavItems();
  const itemCount = orderData?.order?.itemCount ?? 0;
  const count = settings?.ordersNeedPosting ?? 0;

  return (
    <header className="site-header">
      <WarningBanner />
      <div className="masthead">
        <div className="masthead__menu">
          <button type="button" className="icon-btn header__icon" aria-label="Open menu" onClick={() => openDialog('mobileMenu')}>
            <MenuIcon />
          </button>
        </div>
        <Link to="/" className="brand">
          <span className="brand__mark" aria-hidden="true">
            POW!
          </span>
          <span className="brand__text">
            <span className="brand__name">{SHOP_NAME}</span>
            <span className="brand__tagline">{TAGLINE}</span>
          </span>
        </Link>
        <div className="masthead__search">
          <SearchBox />
        </div>
        <div className="masthead__actions">
          {!user ? (
            <div className="auth-buttons">
              <button type="button" className="btn btn--ghost-light btn--sm" onClick={() => openDialog('login')}>
                Login
              </button>
              <button type="button" className="btn btn--accent btn--sm" onClick={() => openDialog('signup')}>
                Sign Up
              </button>
            </div>
          ) : null}
          <Suspense
            fallback={
              <HeaderMenusFallback loggedIn={Boolean(user)} givenName={user?.givenName} isAdmin={Boolean(user?.admin)} count={count} />
            }
          >
            <HeaderMenus user={user} ordersNeedPosting={count} />
          </Suspense>
          <span className="mobile-only">
            <button
              type="button"
              className="icon-btn header__icon cart-btn"
              aria-label={`Your Order, ${itemCount} ${itemCount === 1 ? 'item' : 'items'}`}
              onClick={() => openDialog('mobileOrder')}
            >
              <CartIcon />
              {itemCount > 0 ? (
                <span className="badge badge--cart" aria-hidden="true">
                  {itemCount > 99 ? '99' : itemCount}
                </span>
              ) : null}
            </button>
          </span>
        </div>
      </div>
      <nav className="main-nav" aria-label="Main">
        <ul className="main-nav__list">
          {navItems.map((item) => (
            <li key={item.to}>
              <NavLink
                to={item.to}
                end={item.to === '/'}
                className={({ isActive }) => (isActive ? 'main-nav__link is-active' : 'main-nav__link')}
              >
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
