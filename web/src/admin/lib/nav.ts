/** The admin navigation (admin spec section 2 labels), grouped. */

export interface AdminLink {
  to: string;
  label: string;
}

export interface AdminNavGroup {
  label: string;
  links: AdminLink[];
}

export const ADMIN_NAV: AdminNavGroup[] = [
  {
    label: 'Orders',
    links: [
      { to: '/admin-orders-awaiting-postage', label: 'Orders Awaiting Postage' },
      { to: '/admin-complete-order-list', label: 'Complete Orders' },
      { to: '/admin-adhoc-order-list', label: 'Ad-hoc Orders' },
      { to: '/admin-order-list', label: 'All Orders' },
    ],
  },
  {
    label: 'Stock',
    links: [
      { to: '/admin-stock-list', label: 'All Stock' },
      { to: '/admin-zero-stock-list', label: 'Zero Stock' },
      { to: '/admin-new-stock-list', label: 'New Stock' },
      { to: '/admin-back-issue-list', label: 'Back Issues' },
      { to: '/admin-pre-order-list', label: 'Pre-Orders' },
      { to: '/admin-games-list', label: 'Games' },
      { to: '/admin-accessories-list', label: 'Accessories' },
      { to: '/admin-search-stock', label: 'Search Stock' },
      { to: '/admin-series', label: 'Series' },
      { to: '/admin-stock-images', label: 'Images Check' },
    ],
  },
  {
    label: 'Add stock',
    links: [
      { to: '/admin-add-new-stock-issue', label: 'Add New Stock Issue' },
      { to: '/admin-add-back-issue', label: 'Add Back Issue' },
      { to: '/admin-add-pre-order', label: 'Add Pre-Order' },
      { to: '/admin-add-game', label: 'Add Game' },
      { to: '/admin-add-accessories', label: 'Add Accessories' },
    ],
  },
  {
    label: 'Batches',
    links: [
      { to: '/admin-batch-list', label: 'Batches' },
      { to: '/admin-add-batch', label: 'Add Batch' },
      { to: '/admin-stock-upload', label: 'Diamond Upload' },
      { to: '/admin-supplier-import', label: 'Supplier Import' },
    ],
  },
  {
    label: 'Pull lists',
    links: [
      { to: '/admin-foc', label: 'FOC Worksheet' },
      { to: '/admin-pull-list-release', label: 'Release Pull Lists' },
      { to: '/admin-series-subscribers', label: 'Series Subscribers' },
    ],
  },
  {
    label: 'Marketplace',
    links: [
      { to: '/admin-ebay', label: 'eBay' },
      { to: '/admin-ebay-check-stock', label: 'eBay Stock Check' },
      { to: '/admin-ebay-orders-processed', label: 'eBay Orders Processed' },
      { to: '/admin-ebay-sales-upload', label: 'eBay Sales Upload' },
      { to: '/admin-ebay-check-list', label: 'eBay Check List' },
    ],
  },
  {
    label: 'Shop',
    links: [
      { to: '/admin-user-list', label: 'My Users' },
      { to: '/admin-feedback', label: 'My Feedbacks' },
      { to: '/admin-want-demand', label: 'Want Lists' },
      { to: '/admin-check-list', label: 'Check List' },
      { to: '/admin-site-settings', label: 'Site Settings' },
      { to: '/admin-audit-history', label: 'Audit History' },
      { to: '/admin-status', label: 'Status' },
    ],
  },
];

export const ADMIN_LINKS: AdminLink[] = ADMIN_NAV.flatMap((group) => group.links);

/** Screens that are not in the nav, by path prefix. */
const OTHER_TITLES: AdminLink[] = [
  { to: '/admin-pre-order-list-condensed', label: 'Pre-Order Condensed' },
  { to: '/admin-history', label: 'Stream History' },
  { to: '/admin-pull-list', label: 'Customer Pull List' },
];

/** The nav link of a path: exact, or the list whose path plus '/{id}' it is. */
export function activeLink(pathname: string): AdminLink | undefined {
  const path = pathname.replace(/\/+$/, '') || '/';
  return ADMIN_LINKS.find((link) => path === link.to) ?? ADMIN_LINKS.find((link) => path.startsWith(`${link.to}/`));
}

/** The document title of an admin path. */
export function adminTitle(pathname: string): string {
  const other = OTHER_TITLES.find((link) => pathname === link.to || pathname.startsWith(`${link.to}/`));
  if (other) return other.label;
  return activeLink(pathname)?.label ?? 'Admin';
}
