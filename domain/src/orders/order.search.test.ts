import { describe, expect, it } from 'vitest';
import { fold } from '../shared/decider.ts';
import { deciderSpec } from '../testing/deciderSpec.ts';
import { orderDecider } from './order.ts';
import type { OrderEvent } from './orderEvents.ts';
import { admin, guest, guestStarted, jane, orderCompletedEvent, someTotals, started, stranger } from './testFixtures.ts';

const spec = deciderSpec(orderDecider);
const searched = (term: string): OrderEvent => ({ type: 'OrderSearchRecorded', data: { term } });

describe('RecordSearch', () => {
  it('records a customer’s or guest’s search', () => {
    spec
      .given([started()])
      .when({ type: 'RecordSearch', by: jane, term: '  spider  man ' })
      .then([searched('spider man')]);
    spec
      .given([guestStarted()])
      .when({ type: 'RecordSearch', by: guest, term: 'Batman' })
      .then([searched('Batman')]);
  });
  it('does not record an admin’s search', () => {
    spec
      .given([started({ ownerUserId: 'admin-1' })])
      .when({ type: 'RecordSearch', by: admin, term: 'Batman' })
      .then([]);
  });
  it('refuses an empty or over-long term', () => {
    spec
      .given([started()])
      .when({ type: 'RecordSearch', by: jane, term: '  ' })
      .thenThrows(/Enter a search term/, 'invalid');
    spec
      .given([started()])
      .when({ type: 'RecordSearch', by: jane, term: 'x'.repeat(101) })
      .thenThrows(/at most 100/, 'invalid');
  });
  it('refuses someone else’s order, a missing one or a complete one', () => {
    spec
      .given([started()])
      .when({ type: 'RecordSearch', by: stranger, term: 'x' })
      .thenThrows(/not yours/, 'forbidden');
    spec
      .given([])
      .when({ type: 'RecordSearch', by: jane, term: 'x' })
      .thenThrows(/Order not found/, 'not-found');
    const complete = orderCompletedEvent({
      totals: { ...someTotals, itemCount: 0, total: 0, pnp: 0, paid: 0, paidInFull: false },
    });
    spec
      .given([started(), complete])
      .when({ type: 'RecordSearch', by: jane, term: 'x' })
      .thenThrows(/complete/, 'conflict');
  });
});

describe('search terms and history', () => {
  it("appends every term to searchTerms with ' | ' and keeps the 5 most recent distinct terms, newest first", () => {
    const terms = ['Batman', 'X-Men', 'batman', 'Saga', 'Hulk', 'Thor', 'Spawn'];
    const state = fold(orderDecider, [started(), ...terms.map(searched)]);
    expect(state.searchTerms).toBe('Batman | X-Men | batman | Saga | Hulk | Thor | Spawn');
    expect(state.searchHistory).toEqual(['Spawn', 'Thor', 'Hulk', 'Saga', 'batman']);
  });
});
