import { describe, expect, it } from 'vitest';
import { auditFiltersFrom, auditQueryString, pageCount } from './audit';

describe('audit filters', () => {
  it('reads and writes the query', () => {
    const filters = auditFiltersFrom(new URLSearchParams('page=3&kind=order&streamId=order-1&pageSize=abc'));
    expect(filters).toEqual({ page: 3, pageSize: 25, userId: '', kind: 'order', streamId: 'order-1' });
    expect(auditQueryString(filters)).toBe('page=3&pageSize=25&kind=order&streamId=order-1');
    expect(auditFiltersFrom(new URLSearchParams('page=0')).page).toBe(1);
  });
  it('counts pages', () => {
    expect(pageCount(0, 25)).toBe(1);
    expect(pageCount(26, 25)).toBe(2);
    expect(pageCount(50, 25)).toBe(2);
  });
});
