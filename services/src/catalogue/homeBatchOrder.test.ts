import { describe, expect, it } from 'vitest';
import type { HomeBatch } from './browseIndex.ts';
import { homeBatchOrder } from './catalogueQueries.ts';

const now = new Date('2026-12-07T00:00:00Z');
const batch = (id: string, publishDate: string | null, createdPosition: string, isDefault = false): HomeBatch => ({
  batch_id: id,
  name: id,
  type: 'weekly',
  item_type: 'comic',
  period_type: 'new',
  supplier_type: null,
  publish_date: publishDate === null ? null : new Date(publishDate),
  cut_off_date: null,
  discount_percent: 0,
  value: 0,
  hide_home_page: false,
  is_default: isDefault,
  created_position: createdPosition,
});

/** A default batch, batches published and to come around `now`, and one with no date. */
const weeks = () => [
  batch('next-month', '2027-01-07T00:00:00Z', '9'),
  batch('no-date', null, '8'),
  batch('last-week', '2026-11-30T00:00:00Z', '7'),
  batch('next-week', '2026-12-14T00:00:00Z', '6'),
  batch('this-week', '2026-12-06T00:00:00Z', '5'),
  batch('default-old', '2020-01-01T00:00:00Z', '1', true),
];

describe("the homepage's order of batches, as the browse index lays it out", () => {
  it('puts the default first, then published newest first (no date after them), then those to come soonest first', () => {
    const batches = weeks();
    expect(batches.sort(homeBatchOrder(now)).map((b) => b.batch_id)).toEqual([
      'default-old',
      'this-week',
      'last-week',
      'no-date',
      'next-week',
      'next-month',
    ]);
  });

  it('breaks a tie of dates by the batch made last, its position compared as a number', () => {
    const batches = [
      batch('made-9', '2026-12-01T00:00:00Z', '9'),
      batch('made-10', '2026-12-01T00:00:00Z', '10'),
      batch('made-100', null, '100'),
      batch('made-99', null, '99'),
    ];
    expect(batches.sort(homeBatchOrder(now)).map((b) => b.batch_id)).toEqual(['made-10', 'made-9', 'made-100', 'made-99']);
  });

  it('counts a batch published at this very moment as published', () => {
    const batches = [batch('to-come', '2026-12-07T00:00:01Z', '2'), batch('now', '2026-12-07T00:00:00Z', '1')];
    expect(batches.sort(homeBatchOrder(now)).map((b) => b.batch_id)).toEqual(['now', 'to-come']);
  });

  it("lays out a mix as homepageStock's order by does in PostgreSQL (its answer for these rows)", () => {
    const batches = [
      ...weeks(),
      batch('made-9', '2026-12-01T00:00:00Z', '9'),
      batch('made-10', '2026-12-01T00:00:00Z', '10'),
      batch('made-100', null, '100'),
      batch('made-99', null, '99'),
      batch('to-come', '2026-12-07T00:00:01Z', '2'),
      batch('now', '2026-12-07T00:00:00Z', '1'),
    ];
    expect(
      batches
        .sort(homeBatchOrder(now))
        .map((b) => b.batch_id)
        .join(','),
    ).toBe('default-old,now,this-week,made-10,made-9,last-week,made-100,made-99,no-date,to-come,next-week,next-month');
  });
});
