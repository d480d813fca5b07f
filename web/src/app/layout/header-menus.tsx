import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import type { User } from '../../types/api';
import { AdminIcon, FeedbackIcon, MenuIcon, UserIcon } from '../../components/ui/icons';
import { Tooltip, TooltipProvider } from '../../components/ui/tooltip';
import { adminIconLabel, postingBadge } from '../../features/settings/lib/badge';
import { useUi } from '../../lib/ui-state';
import { ADMIN_HOME, logOut, useNavItems } from './nav';

// The admin's send-credit dialog (header dialogs, storefront spec §2): a lazy chunk.
const SendCreditDialog = lazy(() => import('../../admin/features/users/components/send-credit-dialog'));

export interface HeaderMenusProps {
  user: User | null;
  ordersNeedPosting: number;
}

function AdminBadge({ count }: { count: number }) {
  const badge = postingBadge(count);
  return badge ? (
    <span className={`badge badge--${badge.variant}`} aria-hidden="true">
      {badge.text}
    </span>
  ) : null;
}

/** The header's Radix menus and tooltips (Account, Feedback, Menu, Admin), loaded after the first paint. */
export default function HeaderMenus({ user, ordersNeedPosting }: HeaderMenusProps) {
  return (
    <TooltipProvider>
      <AccountMenu user={user} />
      <Tools user={user} ordersNeedPosting={ordersNeedPosting} />
    </TooltipProvider>
  );
}

function AccountMenu({ user }: { user: User | null }) {
  const [creditOpen, setCreditOpen] = useState(false);
  if (!user) return null;
  return (
    <>
      {creditOpen ? (
        <Suspense fallback={null}>
          <SendCreditDialog open={creditOpen} onOpenChange={setCreditOpen} />
        </Suspense>
      ) : null}
      <DropdownMenu.Root modal={false}>
        <Tooltip label="Account">
          <DropdownMenu.Trigger className="icon-btn header__icon account-btn">
            <UserIcon />
            <span className="visually-hidden">Account </span>
            <span className="account-btn__name">{user.givenName}</span>
          </DropdownMenu.Trigger>
        </Tooltip>
        <DropdownMenu.Portal>
          <DropdownMenu.Content className="menu" align="end" sideOffset={6}>
            <DropdownMenu.Label className="menu__label">{user.email}</DropdownMenu.Label>
            <DropdownMenu.Item asChild className="menu__item">
              <Link to="/account-orders">Orders</Link>
            </DropdownMenu.Item>
            <DropdownMenu.Item asChild className="menu__item">
              <Link to="/account-pull-list">Pull list</Link>
            </DropdownMenu.Item>
            <DropdownMenu.Item asChild className="menu__item">
              <Link to="/account-addresses">Addresses</Link>
            </DropdownMenu.Item>
            {user.admin ? (
              <DropdownMenu.Item className="menu__item" onSelect={() => setCreditOpen(true)}>
                Send credit
              </DropdownMenu.Item>
            ) : null}
            <DropdownMenu.Separator className="menu__sep" />
            <DropdownMenu.Item className="menu__item" onSelect={logOut}>
              Log Out
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
    </>
  );
}

function Tools({ user, ordersNeedPosting }: { user: User | null; ordersNeedPosting: number }) {
  const { openDialog } = useUi();
  const navItems = useNavItems();
  return (
    <>
      <span className="desktop-only">
        <Tooltip label="Feedback">
          <button type="button" className="icon-btn header__icon" aria-label="Feedback" onClick={() => openDialog('feedback')}>
            <FeedbackIcon />
          </button>
        </Tooltip>
      </span>
      <span className="desktop-only">
        <DropdownMenu.Root modal={false}>
          <Tooltip label="Menu">
            <DropdownMenu.Trigger className="icon-btn header__icon" aria-label="Menu">
              <MenuIcon />
            </DropdownMenu.Trigger>
          </Tooltip>
          <DropdownMenu.Portal>
            <DropdownMenu.Content className="menu" align="end" sideOffset={6}>
              {navItems.map((item) => (
                <DropdownMenu.Item key={item.to} asChild className="menu__item">
                  <Link to={item.to}>{item.label}</Link>
                </DropdownMenu.Item>
              ))}
              {user ? (
                <>
                  <DropdownMenu.Separator className="menu__sep" />
                  <DropdownMenu.Item asChild className="menu__item">
                    <Link to="/account-orders">Your Orders</Link>
                  </DropdownMenu.Item>
                  <DropdownMenu.Item asChild className="menu__item">
                    <Link to="/account-pull-list">Your Pull List</Link>
                  </DropdownMenu.Item>
                  <DropdownMenu.Item asChild className="menu__item">
                    <Link to="/account-addresses">Your Addresses</Link>
                  </DropdownMenu.Item>
                  <DropdownMenu.Item asChild className="menu__item">
                    <Link to="/account-want-list">Your Want List</Link>
                  </DropdownMenu.Item>
                </>
              ) : null}
              <DropdownMenu.Separator className="menu__sep" />
              <DropdownMenu.Item className="menu__item" onSelect={() => openDialog('feedback')}>
                Send feedback
              </DropdownMenu.Item>
            </DropdownMenu.Content>
          </DropdownMenu.Portal>
        </DropdownMenu.Root>
      </span>
      {user?.admin ? (
        <Tooltip label="Admin">
          <Link to={ADMIN_HOME} className="icon-btn header__icon" aria-label={adminIconLabel(ordersNeedPosting)}>
            <AdminIcon />
            <AdminBadge count={ordersNeedPosting} />
          </Link>
        </Tooltip>
      ) : null}
    </>
  );
}
