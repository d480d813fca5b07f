import { describe, expect, it } from 'vitest';
import { activeLink, adminTitle, ADMIN_LINKS } from './nav';

describe('nav', () => {
  it('finds the active link, with or without a batch id', () => {
    expect(activeLink('/admin-back-issue-list/b1')?.label).toBe('Back Issues');
    expect(activeLink('/admin-stock-list')?.label).toBe('All Stock');
    expect(activeLink('/admin-pre-order-list-condensed/b1')).toBeUndefined();
    expect(adminTitle('/admin-pre-order-list-condensed/b1')).toBe('Pre-Order Condensed');
    expect(adminTitle('/admin-history/order-1')).toBe('Stream History');
    expect(adminTitle('/admin-nothing')).toBe('Admin');
  });
  it('has every section 2 route', () => {
    const paths = ADMIN_LINKS.map((l) => l.to);
    for (const path of [
      '/admin-stock-list',
      '/admin-zero-stock-list',
      '/admin-new-stock-list',
      '/admin-back-issue-list',
      '/admin-pre-order-list',
      '/admin-games-list',
      '/admin-accessories-list',
      '/admin-add-new-stock-issue',
      '/admin-add-back-issue',
      '/admin-add-game',
      '/admin-add-accessories',
      '/admin-batch-list',
      '/admin-add-batch',
      '/admin-search-stock',
      '/admin-stock-images',
      '/admin-stock-upload',
      '/admin-ebay-check-stock',
      '/admin-ebay-orders-processed',
      '/admin-ebay-check-list',
      '/admin-ebay-sales-upload',
      '/admin-ebay',
      '/admin-orders-awaiting-postage',
      '/admin-complete-order-list',
      '/admin-adhoc-order-list',
      '/admin-order-list',
      '/admin-site-settings',
      '/admin-user-list',
      '/admin-audit-history',
      '/admin-feedback',
      '/admin-status',
    ]) {
      expect(paths).toContain(path);
    }
  });
});
