import { clearLogin } from '../../lib/session';
import { useSiteSettings } from '../../api/get-site-settings';
import { modeHidden, MODES, type BrowseMode } from '../../lib/browse-modes';

export interface NavItem {
  to: string;
  label: string;
}

export const ADMIN_HOME = '/admin-orders-awaiting-postage';

/** The header's links: games and accessories only when the site settings do not hide them. */
export function useNavItems(): NavItem[] {
  const { data } = useSiteSettings();
  const settings = data?.siteSettings;
  const modes: BrowseMode[] = ['key-comics', 'new-comics', 'back-issues', 'pre-orders', 'games', 'accessories'];
  return [
    { to: '/', label: 'Home' },
    ...modes.filter((m) => !modeHidden(m, settings)).map((m) => ({ to: MODES[m].path, label: MODES[m].label })),
    { to: '/search', label: 'Search' },
    { to: '/about-us', label: 'About Us' },
  ];
}

export function logOut(): void {
  clearLogin();
  window.location.assign('/');
}

export function WarningBanner() {
  const { data } = useSiteSettings();
  const text = data?.siteSettings?.warningText?.trim();
  if (!text) return null;
  return (
    <div className="warning-banner" role="note" aria-label="Notice">
      {text}
    </div>
  );
}
