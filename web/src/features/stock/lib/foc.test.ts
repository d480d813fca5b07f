import { describe, expect, it } from 'vitest';
import { focNotice } from './foc';

describe('focNotice', () => {
  it('says "Order by" until the end of the FOC day in Sydney, then closed', () => {
    expect(focNotice({ orderBy: '2026-12-01' }, new Date('2026-12-01T12:59:00Z'))).toEqual({ kind: 'open', label: 'Order by 1 Dec 2026' });
    expect(focNotice({ orderBy: '2026-12-01' }, new Date('2026-12-01T13:00:00Z'))).toEqual({ kind: 'closed' });
    expect(focNotice({ orderBy: null }, new Date())).toBeNull();
  });
});
