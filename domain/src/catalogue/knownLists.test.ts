import { describe, expect, it } from 'vitest';
import {
  BROWSE_MODES,
  COMMON_SEARCHES,
  DEFAULT_BROWSE_MODE,
  findBrowseMode,
  KNOWN_PUBLISHERS,
  normaliseBatchType,
  normalisePeriodType,
  normaliseSupplierType,
  orderItemKindFor,
  SUGGESTED_SEARCH_TERMS,
  SUPPLIER_TYPE_LABELS,
} from './knownLists.ts';

describe('fixed lists', () => {
  it('knows 21 comic, 3 game and 1 accessory publishers, all distinct', () => {
    expect(KNOWN_PUBLISHERS.comic).toHaveLength(21);
    expect(KNOWN_PUBLISHERS.game).toHaveLength(3);
    expect(KNOWN_PUBLISHERS.accessory).toHaveLength(1);
    const all = [...KNOWN_PUBLISHERS.comic, ...KNOWN_PUBLISHERS.game, ...KNOWN_PUBLISHERS.accessory];
    expect(new Set(all).size).toBe(all.length);
  });

  it('has exactly the six common searches in the spec order', () => {
    expect(COMMON_SEARCHES.map((s) => s.label)).toEqual(['Marvel', 'Image Comics', 'DC Comics', 'Spider-Man', 'Batman', 'X-Men']);
  });

  it('has about 25 distinct suggested search terms', () => {
    expect(SUGGESTED_SEARCH_TERMS.length).toBeGreaterThanOrEqual(20);
    expect(SUGGESTED_SEARCH_TERMS.length).toBeLessThanOrEqual(30);
    expect(new Set(SUGGESTED_SEARCH_TERMS).size).toBe(SUGGESTED_SEARCH_TERMS.length);
  });

  it('labels the supplier types', () => {
    expect(SUPPLIER_TYPE_LABELS).toEqual({
      diamond: 'Diamond',
      lpg: "Let's Play Games",
      auction: 'Auction',
      local_shop: 'Local Shop',
      local_person: 'Local Person',
      lunar: 'Lunar',
      prh: 'Penguin Random House',
    });
  });
});

describe('normalisers', () => {
  it.each([
    ['new', 'new'],
    ['back-issue', 'back-issue'],
    ['back issue', 'back-issue'],
    [' Back Issue ', 'back-issue'],
    ['pre-order', 'pre-order'],
    ['pre order', 'pre-order'],
    ['vintage', 'vintage'],
    ['old', null],
  ])('period type %j -> %j', (text, expected) => {
    expect(normalisePeriodType(text)).toBe(expected);
  });

  it.each([
    ['diamond', 'diamond'],
    ['Diamond', 'diamond'],
    ['back', 'back'],
    ['back issue', 'back'],
    ['pre', 'pre'],
    ['game', 'game'],
    ['comic', null],
  ])('batch type %j -> %j', (text, expected) => {
    expect(normaliseBatchType(text)).toBe(expected);
  });

  it.each([
    ['diamond', 'diamond'],
    ['local person', 'local_person'],
    ['Local Shop', 'local_shop'],
    ["Let's Play Games", 'lpg'],
    ['auction', 'auction'],
    ['ebay', null],
  ])('supplier type %j -> %j', (text, expected) => {
    expect(normaliseSupplierType(text)).toBe(expected);
  });

  it.each([
    ['comic', 'new', 'new'],
    ['comic', 'back-issue', 'back'],
    ['comic', 'vintage', 'back'],
    ['comic', 'pre-order', 'pre'],
    ['game', 'new', 'game'],
    ['accessory', 'new', 'accessory'],
  ] as const)('order item kind of %s %s is %s', (itemType, periodType, kind) => {
    expect(orderItemKindFor(itemType, periodType)).toBe(kind);
  });
});

describe('browse modes', () => {
  it('has one mode per browse route, with headings', () => {
    expect(BROWSE_MODES.map((m) => [m.route, m.heading])).toEqual([
      ['/new-comics', 'New Comics'],
      ['/back-issues', 'Back Issues'],
      ['/pre-orders', 'Pre-orders'],
      ['/key-comics', 'Key Comics'],
      ['/games', 'Games'],
      ['/accessories', 'Accessories'],
    ]);
  });

  it('defaults to comic, new', () => {
    expect(DEFAULT_BROWSE_MODE).toMatchObject({ itemType: 'comic', periodType: 'new' });
  });

  it('finds key comics as comics without a period and key=true', () => {
    expect(findBrowseMode({ itemType: 'comic', periodType: null, key: true })?.id).toBe('key-comics');
    expect(findBrowseMode({ itemType: 'comic', periodType: 'vintage', key: false })).toBeUndefined();
    expect(findBrowseMode({ itemType: 'game', periodType: null, key: true })).toBeUndefined();
  });
});
