import { DomainError } from '../shared/decider.ts';
import type { RecordSearch } from './orderCommands.ts';
import type { OrderEvent } from './orderEvents.ts';
import { assertCurrent, assertMayAct, isAdmin } from './orderGuards.ts';
import type { OrderState } from './orderState.ts';

export const MAX_SEARCH_TERM_LENGTH = 100;

/**
 * RecordSearch: "For non-admin users, each search term is appended to the order's searchTerms,
 * separated by ' | '", and the search history keeps the 5 most recent distinct terms. An admin's
 * searches are not recorded.
 */
export function recordSearch(command: RecordSearch, state: OrderState): OrderEvent[] {
  assertMayAct(command.by, state);
  assertCurrent(state);
  const term = command.term.trim().replace(/\s+/g, ' ');
  if (term === '') throw new DomainError('Enter a search term', 'invalid');
  if (term.length > MAX_SEARCH_TERM_LENGTH) {
    throw new DomainError(`A search term is at most ${MAX_SEARCH_TERM_LENGTH} characters`, 'invalid');
  }
  if (isAdmin(command.by)) return [];
  return [{ type: 'OrderSearchRecorded', data: { term } }];
}
