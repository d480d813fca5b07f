import { describe, expect, it } from 'vitest';
import type { Comic, Order } from '../types/api';
import {
  addItem,
  changeQuantity,
  isPaidInFull,
  mainButtonDisabled,
  mainButtonLabel,
  plusDisabled,
  removeItem,
  showCredit,
  creditRows,
  showQuantityButtons,
  tileAvailability,
} from './order-rules';
import { aComic, anOrder } from '../testing/contract-fixtures';

function order(partial: Partial<Order> = {}): Order {
  return anOrder({ _id: 'o1', orderItems: [], toPay: 0, pnp: 0, total: 0, itemCount: 0, paid: 0, ...partial });
}

function comic(partial: Partial<Comic> = {}): Comic {
  return aComic({
    _id: 's1',
    comicId: 'JAN250001',
    itemType: 'comic',
    periodType: 'new',
    mainDescription: 'Batman #1',
    price: 695,
    number: 3,
    ...partial,
  });
}

describe('main button label', () => {
  it('reads Ad-hoc Sale for an admin with a name entered', () => {
    expect(mainButtonLabel(order({ toPay: 500, total: 500 }), true, 'Jo')).toBe('Ad-hoc Sale');
  });
  it('ignores a blank name and non-admins', () => {
    expect(mainButtonLabel(order({ toPay: 500, total: 500 }), true, '  ')).toBe('Proceed to Payment');
    expect(mainButtonLabel(order({ toPay: 500, total: 500 }), false, 'Jo')).toBe('Proceed to Payment');
  });
  it('reads Proceed to Shipping when nothing is left to pay and the total is positive', () => {
    expect(mainButtonLabel(order({ toPay: 1, total: 1 }), false, '')).toBe('Proceed to Shipping');
    expect(mainButtonLabel(order({ toPay: 0, total: 0 }), false, '')).toBe('Proceed to Payment');
    expect(mainButtonLabel(order({ toPay: 2, total: 900 }), false, '')).toBe('Proceed to Payment');
  });
  it('is disabled without items', () => {
    expect(mainButtonDisabled(order())).toBe(true);
    expect(mainButtonDisabled(null)).toBe(true);
    expect(mainButtonDisabled(addItem(order(), comic()))).toBe(false);
  });
});

describe('paid in full and credit', () => {
  it('needs toPay <= 1 cent and total >= 1 cent', () => {
    expect(isPaidInFull({ toPay: 1, total: 1 })).toBe(true);
    expect(isPaidInFull({ toPay: 2, total: 100 })).toBe(false);
    expect(isPaidInFull({ toPay: 0, total: 0 })).toBe(false);
  });
  it('shows credit only above one cent', () => {
    expect(showCredit(1)).toBe(false);
    expect(showCredit(2)).toBe(true);
    expect(showCredit(undefined)).toBe(false);
  });
});

describe('credit rows', () => {
  it('with $20 of credit and a $9.45 order: from before $20.00, used $9.45, carried forward $10.55', () => {
    expect(creditRows({ creditFrom: 945, creditForward: 0, carriedForward: 0 }, 2000)).toEqual({ before: 2000, used: 945, forward: 1055 });
  });
  it('shows the balance on an empty order', () => {
    expect(creditRows({ creditFrom: 0, creditForward: 0, carriedForward: 0 }, 2000)).toEqual({ before: 2000, used: null, forward: 2000 });
  });
  it('hides amounts of 0.01 and less', () => {
    expect(creditRows({ creditFrom: 0, creditForward: 0, carriedForward: 0 }, 1)).toEqual({ before: null, used: null, forward: null });
    expect(creditRows({ creditFrom: 2000, creditForward: 0, carriedForward: 0 }, 2000)).toEqual({
      before: 2000,
      used: 2000,
      forward: null,
    });
  });
  it('a past order shows what it used and carried forward', () => {
    expect(creditRows({ creditFrom: 945, creditForward: 0, carriedForward: 0 })).toEqual({ before: null, used: 945, forward: null });
    expect(creditRows({ creditFrom: 0, creditForward: 500, carriedForward: 500 })).toEqual({ before: null, used: null, forward: 500 });
  });
});

describe('tile availability', () => {
  it('allows adding an item not yet held', () => {
    expect(tileAvailability(comic({ number: 1 }), order())).toEqual({ kind: 'can-add', quantity: 0 });
  });
  it('shows the last one when the customer holds the only copy', () => {
    const held = addItem(order(), comic({ number: 1 }));
    expect(tileAvailability(comic({ number: 1 }), held).kind).toBe('last-one');
  });
  it('allows more while available exceeds what is held', () => {
    const held = addItem(order(), comic({ number: 3 }));
    expect(tileAvailability(comic({ number: 3 }), held)).toEqual({ kind: 'can-add', quantity: 1 });
    const all = changeQuantity(changeQuantity(held, 's1', 1), 's1', 1);
    expect(tileAvailability(comic({ number: 3 }), all).kind).toBe('last-one');
  });
  it('reports sold out items', () => {
    expect(tileAvailability(comic({ number: 0 }), order()).kind).toBe('sold-out');
  });
});

describe('order lines', () => {
  it('moves a re-added item to the top and increases its quantity', () => {
    let o = addItem(order(), comic({ _id: 'a' }));
    o = addItem(o, comic({ _id: 'b' }));
    o = addItem(o, comic({ _id: 'a' }));
    expect(o.orderItems.map((l) => [l._id, l.quantity])).toEqual([
      ['a', 2],
      ['b', 1],
    ]);
  });
  it('removes a line whose quantity drops below 1', () => {
    const o = changeQuantity(addItem(order(), comic()), 's1', -1);
    expect(o.orderItems).toEqual([]);
  });
  it('deletes a line', () => {
    expect(removeItem(addItem(order(), comic()), 's1').orderItems).toEqual([]);
  });
  it('shows plus/minus only when more than one is available and disables plus at the limit', () => {
    expect(showQuantityButtons({ available: 1 })).toBe(false);
    expect(showQuantityButtons({ available: 2 })).toBe(true);
    expect(plusDisabled({ available: 2, quantity: 2 })).toBe(true);
    expect(plusDisabled({ available: 3, quantity: 2 })).toBe(false);
  });
});
