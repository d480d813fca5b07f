import { describe, expect, it } from 'vitest';
import { fold } from '../shared/decider.ts';
import { deciderSpec } from '../testing/deciderSpec.ts';
import { orderDecider } from './order.ts';
import type { OrderEvent } from './orderEvents.ts';
import { appendSearchTerm, SEARCH_TERMS_MAX_LENGTH } from './orderState.ts';
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
  it('keeps the most recent whole terms within SEARCH_TERMS_MAX_LENGTH, the oldest dropped from the front', () => {
    // 300 terms of 'term-000' to 'term-299': 8 characters and the separator's 3 each.
    const terms = Array.from({ length: 300 }, (_, i) => `term-${String(i).padStart(3, '0')}`);
    const state = fold(orderDecider, [started(), ...terms.map(searched)]);
    expect(state.searchTerms.length).toBeLessThanOrEqual(SEARCH_TERMS_MAX_LENGTH);
    const kept = state.searchTerms.split(' | ');
    // As many of the newest as fit: k terms take 11k - 3 characters.
    const fits = Math.floor((SEARCH_TERMS_MAX_LENGTH + 3) / 11);
    expect(kept).toEqual(terms.slice(-fits));
    expect(state.searchHistory).toEqual(['term-299', 'term-298', 'term-297', 'term-296', 'term-295']);
  });
  it('drops as few old terms as it must, and keeps a longest term whole', () => {
    const full = `${'a'.repeat(SEARCH_TERMS_MAX_LENGTH - 103)} | ${'b'.repeat(100)}`;
    expect(full).toHaveLength(SEARCH_TERMS_MAX_LENGTH);
    const fitsExactly = full.slice(0, -4);
    expect(appendSearchTerm(fitsExactly, 'c')).toBe(`${fitsExactly} | c`);
    expect(appendSearchTerm(full, 'c')).toBe(`${'b'.repeat(100)} | c`);
    expect(appendSearchTerm('x'.repeat(SEARCH_TERMS_MAX_LENGTH), 'y'.repeat(100))).toBe('y'.repeat(100));
    expect(appendSearchTerm('', 'batman')).toBe('batman');
    expect(appendSearchTerm('a | b', 'c')).toBe('a | b | c');
  });
});
