import { describe, it } from 'vitest';
import { deciderSpec } from '../testing/deciderSpec.ts';
import { orderDecider } from './order.ts';
import type { StartOrder } from './orderCommands.ts';
import { guestStarted, started, T0 } from './testFixtures.ts';

const spec = deciderSpec(orderDecider);
const start = (over: Partial<StartOrder> = {}): StartOrder => ({
  type: 'StartOrder',
  orderId: 'o1',
  publicId: 1042,
  owner: { kind: 'user', userId: 'u1' },
  orderType: 'ioa',
  date: T0,
  ...over,
});

describe('StartOrder', () => {
  it('starts a customer’s order', () => {
    spec.given([]).when(start()).then([started()]);
  });
  it('starts a guest’s order', () => {
    spec
      .given([])
      .when(start({ owner: { kind: 'guest', token: 'guest-token' } }))
      .then([guestStarted()]);
  });
  it('starts a marketplace order with its order number', () => {
    spec
      .given([])
      .when(start({ orderType: 'ebay', externalId: ' 12-34 ' }))
      .then([started({ type: 'ebay', externalId: '12-34' })]);
  });
  it('refuses a marketplace order without its order number', () => {
    spec
      .given([])
      .when(start({ orderType: 'ebay' }))
      .thenThrows(/marketplace order number/, 'invalid');
  });
  it('refuses starting twice', () => {
    spec
      .given([started()])
      .when(start())
      .thenThrows(/already exists/, 'conflict');
  });
  it('refuses a bad order number or no owner', () => {
    spec
      .given([])
      .when(start({ publicId: 0 }))
      .thenThrows(/order number/, 'invalid');
    spec
      .given([])
      .when(start({ owner: { kind: 'guest', token: ' ' } }))
      .thenThrows(/needs an owner/, 'invalid');
  });
});
