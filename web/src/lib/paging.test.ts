import { describe, expect, it } from 'vitest';
import {
  FIRST_PAGE,
  flattenUnique,
  nextHomepageBatchesPage,
  nextHomepagePage,
  nextPageParam,
  nextSearchPageParam,
  rowScrollStep,
} from './paging';
import { batchesForMode, modeForBatch, modeHidden } from './browse-modes';
import { aBatch } from '../testing/contract-fixtures';

describe('browse paging', () => {
  it('asks for 60 then 30 at a time', () => {
    expect(FIRST_PAGE).toEqual({ page: 1, limit: 60 });
    expect(nextPageParam(60, FIRST_PAGE, 60)).toEqual({ page: 3, limit: 30 });
    expect(nextPageParam(30, { page: 3, limit: 30 }, 90)).toEqual({ page: 4, limit: 30 });
  });
  it('ends when a page returns fewer than requested', () => {
    expect(nextPageParam(59, FIRST_PAGE, 59)).toBeUndefined();
    expect(nextPageParam(29, { page: 3, limit: 30 }, 89)).toBeUndefined();
  });
  it('drops duplicates across pages', () => {
    expect(
      flattenUnique([
        [{ _id: 'a' }, { _id: 'b' }],
        [{ _id: 'b' }, { _id: 'c' }],
      ]).map((x) => x._id),
    ).toEqual(['a', 'b', 'c']);
  });
  it('homepage rows stop when fewer than 10 come back', () => {
    expect(nextHomepagePage(10, 1)).toBe(2);
    expect(nextHomepagePage(9, 2)).toBeUndefined();
  });
  it('steps rows by 1/1.25 of the visible width', () => {
    expect(rowScrollStep(1000)).toBe(800);
  });
});

describe('search paging', () => {
  it('asks browse pages (60, then pages 3, 4 of 30) until the total is loaded', () => {
    expect(nextSearchPageParam(60, FIRST_PAGE, 60, 357)).toEqual({ page: 3, limit: 30 });
    expect(nextSearchPageParam(30, { page: 3, limit: 30 }, 90, 357)).toEqual({ page: 4, limit: 30 });
    expect(nextSearchPageParam(30, { page: 11, limit: 30 }, 330, 357)).toEqual({ page: 12, limit: 30 });
    expect(nextSearchPageParam(27, { page: 12, limit: 30 }, 357, 357)).toBeUndefined();
  });
  it('stops when the loaded count reaches the total, even on a full page', () => {
    expect(nextSearchPageParam(60, FIRST_PAGE, 60, 60)).toBeUndefined();
    expect(nextSearchPageParam(30, { page: 3, limit: 30 }, 90, 90)).toBeUndefined();
    expect(nextSearchPageParam(0, FIRST_PAGE, 0, 0)).toBeUndefined();
  });
  it('stops on a short page whatever the total says', () => {
    expect(nextSearchPageParam(12, { page: 3, limit: 30 }, 72, 357)).toBeUndefined();
  });
  it('takes an answer without a total as the whole result', () => {
    expect(nextSearchPageParam(120, FIRST_PAGE, 120, undefined)).toBeUndefined();
  });
});

describe('homepage batch pages', () => {
  const page = (...ids: string[]) => ({ batches: ids.map((_id) => ({ _id })) });
  const eight = (from: number) => page(...Array.from({ length: 8 }, (_, i) => `b${from + i}`));
  it('asks the next page while a page has 8 batches', () => {
    expect(nextHomepageBatchesPage([eight(1)])).toBe(2);
    expect(nextHomepageBatchesPage([eight(1), eight(9)])).toBe(3);
  });
  it('ends on a page with fewer than 8 batches', () => {
    expect(nextHomepageBatchesPage([page('a', 'b')])).toBeUndefined();
    expect(nextHomepageBatchesPage([eight(1), page()])).toBeUndefined();
    expect(nextHomepageBatchesPage([eight(1), { batches: null }])).toBeUndefined();
  });
  it('ends when a page brings no new batch (a server that answers every batch each time)', () => {
    expect(nextHomepageBatchesPage([eight(1), eight(1)])).toBeUndefined();
  });
});

describe('modes', () => {
  it('maps batches to browse routes', () => {
    expect(modeForBatch({ itemType: 'comic', periodType: 'new' })).toBe('new-comics');
    expect(modeForBatch({ itemType: 'comic', periodType: 'back-issue' })).toBe('back-issues');
    expect(modeForBatch({ itemType: 'comic', periodType: 'pre-order' })).toBe('pre-orders');
    expect(modeForBatch({ itemType: 'game', periodType: null })).toBe('games');
  });
  it('filters batches for a mode', () => {
    const batches = [
      aBatch({ _id: '1', name: 'JAN25', itemType: 'comic' as const, periodType: 'new' as const }),
      aBatch({ _id: '2', name: 'Backs', itemType: 'comic' as const, periodType: 'back-issue' as const }),
      aBatch({ _id: '3', name: 'Games', itemType: 'game' as const, periodType: null }),
    ];
    expect(batchesForMode(batches, 'new-comics').map((b) => b._id)).toEqual(['1']);
    expect(batchesForMode(batches, 'key-comics').map((b) => b._id)).toEqual(['1', '2']);
  });
  it('hides games and accessories by default', () => {
    expect(modeHidden('games', undefined)).toBe(true);
    expect(modeHidden('games', { hideGames: false, hideAccessories: true })).toBe(false);
    expect(modeHidden('accessories', { hideGames: false, hideAccessories: true })).toBe(true);
    expect(modeHidden('new-comics', undefined)).toBe(false);
  });
});
