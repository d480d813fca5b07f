import { describe, expect, it } from 'vitest';
import { samePlace, samePlaceButPrice, stockPlace, type PlaceRow } from './catalogueCache.ts';

const row: PlaceRow = [
  'comic',
  'new',
  false,
  'b1',
  'Saga #1  Image Vaughan Staples  SAGA1',
  'Saga #1',
  'saga1',
  'image',
  1_790_000_000_000,
  899,
  true,
  'saga #00000001',
  '42',
  '9.4',
  true,
];
const place = (changes: Partial<Record<number, unknown>> = {}) =>
  stockPlace(row.map((v, i) => (i in changes ? changes[i] : v)) as PlaceRow);

describe('samePlace', () => {
  it('is true of an item read twice where it is', () => {
    expect(samePlace(place(), place())).toBe(true);
  });

  it('is false once anything an answer lists or orders it by differs', () => {
    expect(samePlace(place(), place({ 9: 999 }))).toBe(false); // price
    expect(samePlace(place(), place({ 4: 'Saga #1  Image Vaughan Staples Romita SAGA1' }))).toBe(false); // words
    expect(samePlace(place(), place({ 10: false }))).toBe(false); // in stock
    expect(samePlace(place(), place({ 12: '43' }))).toBe(false); // order added
    expect(samePlace(place(), place({ 13: '9.6' }))).toBe(false); // grade
    expect(samePlace(place(), place({ 14: false }))).toBe(false); // slabbed
    expect(samePlace(place(), place({ 3: 'b2' }))).toBe(false); // batch
  });

  it('is false of a place read from a feed row written before its grade was kept', () => {
    expect(samePlace(stockPlace(row.slice(0, 13) as PlaceRow), place())).toBe(false);
  });
});

describe('samePlaceButPrice', () => {
  it('is true of an item repriced, and of one where it was', () => {
    expect(samePlaceButPrice(place(), place({ 9: 999 }))).toBe(true);
    expect(samePlaceButPrice(place(), place())).toBe(true);
  });

  it('is false once anything else differs too', () => {
    expect(samePlaceButPrice(place(), place({ 9: 999, 11: 'saga #00000002' }))).toBe(false); // title as sorted
    expect(samePlaceButPrice(place(), place({ 9: 999, 10: false }))).toBe(false); // in stock
    expect(samePlaceButPrice(place(), place({ 9: 999, 3: 'b2' }))).toBe(false); // batch
    expect(samePlaceButPrice(stockPlace(row.slice(0, 13) as PlaceRow), place({ 9: 999 }))).toBe(false); // grade not known
  });
});
