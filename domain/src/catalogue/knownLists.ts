/**
 * The spec's fixed lists and enumerations, in one place (storefront §2, §3, §9; admin §3, §9).
 * Enumeration types are derived from these arrays; the zod schemas in schemas.ts use them too.
 */

// ---- Enumerations (storefront §3 "Enumerations") ----

/** "Item type: comic, game, accessory." */
export const ITEM_TYPES = ['comic', 'game', 'accessory'] as const;
export type ItemType = (typeof ITEM_TYPES)[number];

/** "Period type: new, back-issue (also written 'back issue'), pre-order (also 'pre order'), vintage." */
export const PERIOD_TYPES = ['new', 'back-issue', 'pre-order', 'vintage'] as const;
export type PeriodType = (typeof PERIOD_TYPES)[number];

/**
 * "Supplier type: diamond, lpg, auction, local_shop, local_person" with their labels, and the
 * distributors most publishers ship through since Diamond's 2025 bankruptcy: Lunar and Penguin
 * Random House (issue 17). An item's distributor is its supplier type.
 */
export const SUPPLIER_TYPES = ['diamond', 'lpg', 'auction', 'local_shop', 'local_person', 'lunar', 'prh'] as const;
export type SupplierType = (typeof SUPPLIER_TYPES)[number];
export const SUPPLIER_TYPE_LABELS: Readonly<Record<SupplierType, string>> = {
  diamond: 'Diamond',
  lpg: "Let's Play Games",
  auction: 'Auction',
  local_shop: 'Local Shop',
  local_person: 'Local Person',
  lunar: 'Lunar',
  prh: 'Penguin Random House',
};

/**
 * "Batch type: diamond, back, pre, game. Another reading spells the batch types as Diamond, pre,
 * back issue, game." Accessory batches have no type of their own: they use 'game' (supplier stock
 * that is not a comic) and are told apart by the batch's itemType.
 */
export const BATCH_TYPES = ['diamond', 'back', 'pre', 'game'] as const;
export type BatchType = (typeof BATCH_TYPES)[number];

/** "Order item kind: new, back, pre, game, accessory." */
export const ORDER_ITEM_KINDS = ['new', 'back', 'pre', 'game', 'accessory'] as const;
export type OrderItemKind = (typeof ORDER_ITEM_KINDS)[number];

/** "Order source type: ioa, ebay." */
export const ORDER_SOURCE_TYPES = ['ioa', 'ebay'] as const;
export type OrderSourceType = (typeof ORDER_SOURCE_TYPES)[number];

// ---- Normalisers for the alternative spellings ----

function squash(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');
}

const PERIOD_TYPE_SPELLINGS: Readonly<Record<string, PeriodType>> = {
  new: 'new',
  'back issue': 'back-issue',
  'back issues': 'back-issue',
  back: 'back-issue',
  'pre order': 'pre-order',
  'pre orders': 'pre-order',
  preorder: 'pre-order',
  pre: 'pre-order',
  vintage: 'vintage',
};

/** 'back issue', 'Back-Issue', 'back_issue' -> 'back-issue'; 'pre order' -> 'pre-order'; unknown -> null. */
export function normalisePeriodType(text: string): PeriodType | null {
  return PERIOD_TYPE_SPELLINGS[squash(text)] ?? null;
}

const BATCH_TYPE_SPELLINGS: Readonly<Record<string, BatchType>> = {
  diamond: 'diamond',
  back: 'back',
  'back issue': 'back',
  'back issues': 'back',
  pre: 'pre',
  'pre order': 'pre',
  preorder: 'pre',
  game: 'game',
  games: 'game',
};

/** 'Diamond' -> 'diamond'; 'back issue' -> 'back'; 'pre order' -> 'pre'; unknown -> null. */
export function normaliseBatchType(text: string): BatchType | null {
  return BATCH_TYPE_SPELLINGS[squash(text)] ?? null;
}

/** 'local person' (admin §3 spelling) -> 'local_person'; "Let's Play Games" -> 'lpg'; unknown -> null. */
export function normaliseSupplierType(text: string): SupplierType | null {
  const squashed = squash(text);
  const found = SUPPLIER_TYPES.find((type) => squash(type) === squashed || squash(SUPPLIER_TYPE_LABELS[type]) === squashed);
  return found ?? null;
}

/** The order item kind of a stock item: comics by period (vintage counts as back), else the item type. */
export function orderItemKindFor(itemType: ItemType, periodType: PeriodType): OrderItemKind {
  if (itemType !== 'comic') return itemType;
  switch (periodType) {
    case 'new':
      return 'new';
    case 'pre-order':
      return 'pre';
    case 'back-issue':
    case 'vintage':
      return 'back';
  }
}

// ---- Browse modes (storefront §2, §4 "Browse list", §7 PUT /stock/) ----

/**
 * The storefront's browse screens. `key` comics: the spec's PUT /stock/ sends "key (true for comics
 * without a period)". We read that as: the key-comics screen asks for itemType comic with no period
 * filter and key=true, and it lists the comics an admin has flagged as key issues (first
 * appearances, famous covers), whatever their period. Every other mode sends key=false.
 * Games and accessories are not filtered by period either.
 */
export const BROWSE_MODES = [
  { id: 'new-comics', route: '/new-comics', heading: 'New Comics', itemType: 'comic', periodType: 'new', key: false },
  { id: 'back-issues', route: '/back-issues', heading: 'Back Issues', itemType: 'comic', periodType: 'back-issue', key: false },
  { id: 'pre-orders', route: '/pre-orders', heading: 'Pre-orders', itemType: 'comic', periodType: 'pre-order', key: false },
  { id: 'key-comics', route: '/key-comics', heading: 'Key Comics', itemType: 'comic', periodType: null, key: true },
  { id: 'games', route: '/games', heading: 'Games', itemType: 'game', periodType: null, key: false },
  { id: 'accessories', route: '/accessories', heading: 'Accessories', itemType: 'accessory', periodType: null, key: false },
] as const satisfies readonly {
  id: string;
  route: string;
  heading: string;
  itemType: ItemType;
  periodType: PeriodType | null;
  key: boolean;
}[];
export type BrowseMode = (typeof BROWSE_MODES)[number];
export type BrowseModeId = BrowseMode['id'];

/** "The default mode is comic, new." */
export const DEFAULT_BROWSE_MODE: BrowseMode = BROWSE_MODES[0];

/** The mode a browse query asks for, or undefined when no screen shows that combination. */
export function findBrowseMode(query: { itemType: ItemType; periodType: PeriodType | null; key: boolean }): BrowseMode | undefined {
  return BROWSE_MODES.find((mode) => mode.itemType === query.itemType && mode.periodType === query.periodType && mode.key === query.key);
}

/** "The first page holds 60 items, later pages 30." */
export const BROWSE_FIRST_PAGE_SIZE = 60;
export const BROWSE_NEXT_PAGE_SIZE = 30;

// ---- Header and preview lists ----

/** "A 'Common' list of six quick-search logos: Marvel, Image Comics, DC Comics, Spider-Man, Batman, X-Men." */
export const COMMON_SEARCHES = [
  { label: 'Marvel', searchTerm: 'Marvel' },
  { label: 'Image Comics', searchTerm: 'Image Comics' },
  { label: 'DC Comics', searchTerm: 'DC Comics' },
  { label: 'Spider-Man', searchTerm: 'Spider-Man' },
  { label: 'Batman', searchTerm: 'Batman' },
  { label: 'X-Men', searchTerm: 'X-Men' },
] as const;

/** "The suggested terms come from a fixed list of about 25 character and series names." */
export const SUGGESTED_SEARCH_TERMS = [
  'Spider-Man',
  'Batman',
  'Superman',
  'Wonder Woman',
  'X-Men',
  'Wolverine',
  'Deadpool',
  'Venom',
  'Hulk',
  'Thor',
  'Iron Man',
  'Captain America',
  'Avengers',
  'Fantastic Four',
  'Daredevil',
  'Justice League',
  'Harley Quinn',
  'Joker',
  'Teenage Mutant Ninja Turtles',
  'Transformers',
  'Star Wars',
  'Saga',
  'Invincible',
  'The Walking Dead',
  'Spawn',
] as const;

/** "The known publisher list has 21 comic publishers, 3 game publishers and 1 accessory publisher." */
export const KNOWN_PUBLISHERS = {
  comic: [
    'Marvel',
    'DC Comics',
    'Image Comics',
    'Dark Horse',
    'IDW',
    'Boom! Studios',
    'Dynamite',
    'Titan Comics',
    'Oni Press',
    'Archie Comics',
    'AfterShock Comics',
    'Valiant',
    'Vault Comics',
    'Mad Cave Studios',
    'AWA Studios',
    'Ahoy Comics',
    'Scout Comics',
    'Zenescope',
    'Fantagraphics',
    'Drawn & Quarterly',
    'Ablaze',
  ],
  game: ['Wizards of the Coast', 'Games Workshop', 'Asmodee'],
  accessory: ['BCW'],
} as const satisfies Record<ItemType, readonly string[]>;
export type KnownPublisher = (typeof KNOWN_PUBLISHERS)[ItemType][number];
