import { describe, expect, it } from 'vitest';
import { focPassedMessage, isPastFoc, itemFocDate, orderByLabel, shopDateOf } from './foc.ts';

describe('FOC: the final order cut-off', () => {
  it("is the item's own FOC date, else its batch's cut-off day in Sydney, for pre-orders only", () => {
    expect(itemFocDate({ periodType: 'pre-order', focDate: '2026-12-01' }, '2026-12-20T00:00:00.000Z')).toBe('2026-12-01');
    expect(itemFocDate({ periodType: 'pre-order', focDate: null }, '2026-12-20T00:00:00.000Z')).toBe('2026-12-20');
    // 14:00 UTC on 20 Dec is 01:00 on 21 Dec in Sydney (summer time, +11).
    expect(itemFocDate({ periodType: 'pre-order', focDate: null }, '2026-12-20T14:00:00.000Z')).toBe('2026-12-21');
    expect(itemFocDate({ periodType: 'pre-order', focDate: null }, null)).toBeNull();
    expect(itemFocDate({ periodType: 'new', focDate: '2026-12-01' }, null)).toBeNull();
  });

  it('closes at the end of the FOC day in Sydney', () => {
    // 1 Dec 2026 23:59 in Sydney is 12:59 UTC; midnight is 13:00 UTC.
    expect(isPastFoc('2026-12-01', new Date('2026-12-01T12:59:59Z'))).toBe(false);
    expect(isPastFoc('2026-12-01', new Date('2026-12-01T13:00:00Z'))).toBe(true);
    expect(isPastFoc('2026-12-01', new Date('2026-11-30T20:00:00Z'))).toBe(false);
    expect(isPastFoc(null, new Date('2030-01-01T00:00:00Z'))).toBe(false);
    // Winter (+10): 1 Jul 2026 ends at 14:00 UTC.
    expect(isPastFoc('2026-07-01', new Date('2026-07-01T13:59:59Z'))).toBe(false);
    expect(isPastFoc('2026-07-01', new Date('2026-07-01T14:00:00Z'))).toBe(true);
  });

  it('is shown en-AU', () => {
    expect(shopDateOf(new Date('2026-12-01T13:00:00Z'))).toBe('2026-12-02');
    expect(orderByLabel('2026-12-01')).toBe('Order by 1 Dec 2026');
    expect(focPassedMessage('Saga #1', '2026-12-01')).toBe('Saga #1 can no longer be ordered: its final order cut-off was 1 Dec 2026.');
  });
});
