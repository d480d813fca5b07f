import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../../lib/money';
import type { Order } from '../../../types/api';
import { adhocSaleMessage, adhocSaleView } from './adhoc-sale';
import { anOrder, anOrderItem } from '../../../testing/contract-fixtures';

const order = (extra: Partial<Order> = {}): Order =>
  anOrder({
    orderItems: [anOrderItem({ _id: 's1', name: 'Saga #1', quantity: 1, price: 495, itemType: 'comic', available: 3, pnp: 0 })],
    total: 495,
    pnp: 450,
    toPay: 945,
    itemCount: 1,
    paid: 0,
    creditFrom: 0,
    ...extra,
  });

describe('the ad-hoc sale view', () => {
  it('shows no postage and the items alone to pay once a customer is named (the domain rule)', () => {
    const view = adhocSaleView(order(), 'Walk-in Wendy');
    expect(view).toMatchObject({ name: 'Walk-in Wendy', total: 495, pnp: 0, toPay: 495, itemCount: 1 });
  });
  it('never uses credit the admin has', () => {
    expect(adhocSaleView(order({ creditFrom: 200, toPay: 745 }), 'Wendy')).toMatchObject({ creditFrom: 0, toPay: 495 });
  });
  it('counts every line, games with their own postage too', () => {
    const view = adhocSaleView(
      order({
        orderItems: [
          anOrderItem({
            _id: 'g',
            name: 'Game',
            type: 'game',
            quantity: 2,
            price: 3000,
            itemType: 'game',
            periodType: null,
            available: 5,
            pnp: 1200,
          }),
        ],
      }),
      'Wendy',
    );
    expect(view).toMatchObject({ total: 6000, pnp: 0, toPay: 6000, itemCount: 2 });
  });
  it('says no email is sent', () => {
    expect(adhocSaleMessage({ publicId: 1042, name: 'Wendy', total: 495, pnp: 0, paid: 495 }, formatMoney)).toBe(
      'Order 1042 for Wendy is recorded as an in-person sale: $4.95 taken at the counter. No email is sent; it is listed under Ad-hoc Orders.',
    );
  });
});
