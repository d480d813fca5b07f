import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PostageLine } from './postage.ts';
import { orderTotals, type OrderTotalsInput } from './totals.ts';

const comic = (quantity: number, price: number): PostageLine => ({ itemType: 'comic', pnp: 0, price, quantity });
const input = (over: Partial<OrderTotalsInput>): OrderTotalsInput => ({
  lines: [],
  pickup: false,
  adhocName: null,
  paymentsCents: [],
  creditAvailableCents: 0,
  ...over,
});

describe('orderTotals', () => {
  it('adds item count, total and postage', () => {
    expect(orderTotals(input({ lines: [comic(2, 595), comic(1, 300)] }))).toEqual({
      itemCount: 3,
      total: 1490,
      pnp: 850,
      paid: 0,
      creditFrom: 0,
      creditLeft: 0,
      creditForward: 0,
      toPay: 2340,
      paidInFull: false,
    });
  });
  it('takes payments off what is to pay', () => {
    const t = orderTotals(input({ lines: [comic(1, 1000)], paymentsCents: [500, 450] }));
    expect(t).toMatchObject({ paid: 950, toPay: 500 });
  });
  it('uses only the credit needed and leaves the rest', () => {
    const t = orderTotals(input({ lines: [comic(1, 1000)], creditAvailableCents: 5000 }));
    expect(t).toMatchObject({ creditFrom: 1450, creditLeft: 3550, toPay: 0, creditForward: 0, paidInFull: true });
  });
  it('uses all the credit when it is not enough', () => {
    const t = orderTotals(input({ lines: [comic(1, 1000)], creditAvailableCents: 400 }));
    expect(t).toMatchObject({ creditFrom: 400, creditLeft: 0, toPay: 1050 });
  });
  it('carries an overspend forward and never goes below zero to pay', () => {
    const t = orderTotals(input({ lines: [comic(1, 1000)], paymentsCents: [2000], creditAvailableCents: 300 }));
    expect(t).toMatchObject({ toPay: 0, creditFrom: 0, creditLeft: 300, creditForward: 550 });
  });
  it('counts payments and credit together before carrying forward', () => {
    const t = orderTotals(input({ lines: [comic(1, 1000)], paymentsCents: [1000], creditAvailableCents: 1000 }));
    expect(t).toMatchObject({ creditFrom: 450, toPay: 0, creditForward: 0 });
  });
  it('is paid in full with 1 cent left to pay', () => {
    expect(orderTotals(input({ lines: [comic(1, 1000)], paymentsCents: [1449] })).paidInFull).toBe(true);
    expect(orderTotals(input({ lines: [comic(1, 1000)], paymentsCents: [1448] })).paidInFull).toBe(false);
  });
  it('is not paid in full with a zero total', () => {
    expect(orderTotals(input({})).paidInFull).toBe(false);
    expect(orderTotals(input({ lines: [comic(1, 0)], pickup: true })).paidInFull).toBe(false);
    expect(orderTotals(input({ lines: [comic(1, 1)], pickup: true, paymentsCents: [1] })).paidInFull).toBe(true);
  });
  it('charges no postage for pickup or a named ad-hoc sale', () => {
    expect(orderTotals(input({ lines: [comic(1, 1000)], pickup: true })).toPay).toBe(1000);
    expect(orderTotals(input({ lines: [comic(1, 1000)], adhocName: 'Bob' })).toPay).toBe(1000);
  });
  it('treats a negative credit balance as none', () => {
    expect(orderTotals(input({ lines: [comic(1, 1000)], creditAvailableCents: -50 }))).toMatchObject({ creditFrom: 0, creditLeft: 0 });
  });
});

const line = fc.record({
  itemType: fc.constantFrom('comic' as const, 'game' as const, 'accessory' as const),
  pnp: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 3000 })),
  price: fc.integer({ min: 0, max: 50_000 }),
  quantity: fc.integer({ min: 1, max: 40 }),
});
const totalsInput = fc.record({
  lines: fc.array(line, { maxLength: 12 }),
  pickup: fc.boolean(),
  adhocName: fc.option(fc.constantFrom('', ' ', 'Bob')),
  paymentsCents: fc.array(fc.integer({ min: 1, max: 100_000 }), { maxLength: 4 }),
  creditAvailableCents: fc.integer({ min: 0, max: 100_000 }),
});

describe('orderTotals properties', () => {
  it('never has a negative amount to pay', () => {
    fc.assert(
      fc.property(totalsInput, (i) => {
        expect(orderTotals(i).toPay).toBeGreaterThanOrEqual(0);
      }),
    );
  });
  it('neither creates nor loses credit', () => {
    fc.assert(
      fc.property(totalsInput, (i) => {
        const t = orderTotals(i);
        expect(t.creditFrom + t.creditLeft).toBe(i.creditAvailableCents);
        expect(t.creditFrom).toBeGreaterThanOrEqual(0);
        expect(t.creditLeft).toBeGreaterThanOrEqual(0);
      }),
    );
  });
  it('balances: paid + credit used + to pay = total + postage + carried forward', () => {
    fc.assert(
      fc.property(totalsInput, (i) => {
        const t = orderTotals(i);
        expect(t.paid + t.creditFrom + t.toPay).toBe(t.total + t.pnp + t.creditForward);
      }),
    );
  });
  it('carries forward only when nothing is left to pay, and uses no credit then', () => {
    fc.assert(
      fc.property(totalsInput, (i) => {
        const t = orderTotals(i);
        if (t.creditForward > 0) {
          expect(t.toPay).toBe(0);
          expect(t.creditFrom).toBe(0);
          expect(t.creditForward).toBe(t.paid - t.total - t.pnp);
        }
        if (t.toPay > 0) expect(t.creditLeft).toBe(0);
      }),
    );
  });
  it('does not depend on the order of the lines', () => {
    fc.assert(
      fc.property(totalsInput, fc.integer(), (i, seed) => {
        const shuffled = [...i.lines].sort((a, b) => ((a.price * 31 + a.quantity + seed) % 7) - ((b.price * 31 + b.quantity + seed) % 7));
        expect(orderTotals({ ...i, lines: shuffled })).toEqual(orderTotals(i));
        expect(orderTotals({ ...i, lines: [...i.lines].reverse() })).toEqual(orderTotals(i));
      }),
    );
  });
});
