import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../testing/deciderSpec.ts';
import { isArrival, wantItemOf } from './arrivals.ts';
import { wantInputSchema, wantListDecider, type Want, type WantListEvent } from './wantList.ts';
import { titleAndIssue, wantMatches, type WantItem } from './wantMatch.ts';

const item = (fields: Partial<WantItem> = {}): WantItem => ({
  stockItemId: 's1',
  title: 'Amazing Spider-Man #300',
  seriesId: null,
  issueNumber: null,
  grade: null,
  ...fields,
});
const want = (fields: Partial<Want>): Want => ({ wantId: 'w1', createdAt: '2026-11-26T00:00:00.000Z', ...fields });

describe('wantMatches', () => {
  it('matches a Notify me want to its item only', () => {
    expect(wantMatches(want({ stockId: 's1' }), item())).toBe(true);
    expect(wantMatches(want({ stockId: 's2' }), item())).toBe(false);
  });

  it('matches a title want on the title before "#" and the issue number, any case and punctuation', () => {
    expect(wantMatches(want({ title: 'amazing spiderman', issueNumber: '300' }), item())).toBe(true);
    expect(wantMatches(want({ title: 'The Amazing Spider-Man', issueNumber: '#0300' }), item())).toBe(true);
    expect(wantMatches(want({ title: 'Amazing Spider-Man', issueNumber: '301' }), item())).toBe(false);
    expect(wantMatches(want({ title: 'Spider-Man', issueNumber: '300' }), item())).toBe(false);
    expect(
      wantMatches(want({ title: 'Amazing Spider-Man', issueNumber: '300' }), item({ title: 'Amazing Spider-Man #300 (Cover B)' })),
    ).toBe(true);
  });

  it('leaves out items below the minimum grade, and items without a grade', () => {
    const w = want({ title: 'Amazing Spider-Man', issueNumber: '300', gradeMin: 9.4 });
    expect(wantMatches(w, item({ grade: 9.8 }))).toBe(true);
    expect(wantMatches(w, item({ grade: 9.4 }))).toBe(true);
    expect(wantMatches(w, item({ grade: 9.2 }))).toBe(false);
    expect(wantMatches(w, item({ grade: null }))).toBe(false);
  });

  it('matches a series want on the item series and issue number', () => {
    const w = want({ seriesId: 'asm', issueNumber: '300' });
    expect(wantMatches(w, item({ seriesId: 'asm', issueNumber: '300' }))).toBe(true);
    expect(wantMatches(w, item({ seriesId: 'asm', issueNumber: '301' }))).toBe(false);
    expect(wantMatches(w, item({ seriesId: 'other', issueNumber: '300' }))).toBe(false);
    expect(wantMatches(w, item())).toBe(false);
  });

  it('reads a title and issue number', () => {
    expect(titleAndIssue('Saga #70')).toEqual({ title: 'Saga', issueNumber: '70' });
    expect(titleAndIssue('Batman Annual #2 (Cover B)')).toEqual({ title: 'Batman Annual', issueNumber: '2' });
    expect(titleAndIssue('Dice Tower')).toEqual({ title: 'Dice Tower', issueNumber: null });
  });
});

describe('arrivals', () => {
  it('are items added with copies, or raised from 0 by an edit or adjustment', () => {
    const added = (number: number) => ({ type: 'StockItemAdded', data: { number } }) as never;
    expect(isArrival(added(2))).toBe(true);
    expect(isArrival(added(0))).toBe(false);
    expect(isArrival({ type: 'StockItemEdited', data: { changes: { number: 3 }, previous: { number: 0 } } } as never)).toBe(true);
    expect(isArrival({ type: 'StockItemEdited', data: { changes: { number: 3 }, previous: { number: 1 } } } as never)).toBe(false);
    expect(isArrival({ type: 'StockQuantityAdjusted', data: { previousNumber: 0, number: 1 } } as never)).toBe(true);
    expect(isArrival({ type: 'StockSold', data: {} } as never)).toBe(false);
    expect(wantItemOf('s9', { mainDescription: 'Saga #1', condition: { kind: 'raw', grade: 9.4 } })).toMatchObject({ grade: 9.4 });
  });
});

describe('want list', () => {
  const spec = deciderSpec(wantListDecider);
  const added: WantListEvent = { type: 'WantAdded', data: { userId: 'u1', ...want({ title: 'Saga', issueNumber: '1' }) } };
  const alert = {
    userId: 'u1',
    wantId: 'w1',
    stockItemId: 's1',
    arrivalEventId: 'e1',
    itemName: 'Saga #1',
    url: '/item/s1/saga-1',
    priceCents: 500,
  };

  it('adds a want, refusing the same want twice (409)', () => {
    spec
      .given([])
      .when({ type: 'AddWant', userId: 'u1', want: want({ title: 'Saga', issueNumber: '1' }) })
      .then([added]);
    spec
      .given([added])
      .when({ type: 'AddWant', userId: 'u1', want: want({ wantId: 'w2', title: 'saga', issueNumber: '1' }) })
      .thenThrows(/already on your list/, 'conflict');
  });

  it('removes a want; an unknown one is a 404', () => {
    spec
      .given([added])
      .when({ type: 'RemoveWant', userId: 'u1', wantId: 'w1' })
      .then([{ type: 'WantRemoved', data: { userId: 'u1', wantId: 'w1' } }]);
    spec
      .given([])
      .when({ type: 'RemoveWant', userId: 'u1', wantId: 'w1' })
      .thenThrows(/not on your list/, 'not-found');
  });

  it('alerts once per want per arrival, and never for a removed want', () => {
    spec
      .given([added])
      .when({ type: 'AlertWant', alert })
      .then([{ type: 'WantAlerted', data: alert }]);
    spec
      .given([added, { type: 'WantAlerted', data: alert }])
      .when({ type: 'AlertWant', alert })
      .then([]);
    spec
      .given([added, { type: 'WantAlerted', data: alert }])
      .when({ type: 'AlertWant', alert: { ...alert, arrivalEventId: 'e2' } })
      .then([{ type: 'WantAlerted', data: { ...alert, arrivalEventId: 'e2' } }]);
    spec
      .given([added, { type: 'WantRemoved', data: { userId: 'u1', wantId: 'w1' } }])
      .when({ type: 'AlertWant', alert })
      .then([]);
  });

  it('parses the two kinds of want input, refusing the rest', () => {
    expect(wantInputSchema.parse({ stockId: 'abc' })).toEqual({ stockId: 'abc' });
    expect(wantInputSchema.parse({ title: ' Saga ', issueNumber: 1, gradeMin: 9.4 })).toEqual({
      title: 'Saga',
      issueNumber: '1',
      gradeMin: 9.4,
    });
    expect(wantInputSchema.safeParse({ title: 'Saga', issueNumber: '1', gradeMin: 9.7 }).success).toBe(false);
    expect(wantInputSchema.safeParse({ title: 'Saga' }).success).toBe(false);
    expect(wantInputSchema.safeParse({ title: 'Saga', seriesId: 'x', issueNumber: '1' }).success).toBe(false);
    expect(wantInputSchema.safeParse({}).success).toBe(false);
  });
});

describe('want input messages', () => {
  it('name the problem of the kind of want sent', () => {
    expect(wantInputSchema.safeParse({ title: 'Saga', issueNumber: '1', gradeMin: 9.7 }).error?.issues[0]?.message).toMatch(
      /10-point scale/,
    );
    expect(wantInputSchema.safeParse({ stockId: 'bad id' }).error?.issues[0]?.message).toMatch(/letters, digits/);
    expect(wantInputSchema.safeParse({}).error?.issues[0]?.message).toMatch(/A want is/);
  });
});
