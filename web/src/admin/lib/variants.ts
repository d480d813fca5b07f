/** The five kinds of stock item (admin spec section 2): their forms, lists, suppliers and batches. */
import type { AdminBatch, AdminComic, BatchType, ItemType, PeriodType, SupplierType } from '../types';

export type StockVariant = 'new' | 'back-issue' | 'pre-order' | 'game' | 'accessory';

export interface VariantDefinition {
  variant: StockVariant;
  /** The add form's heading and nav label. */
  title: string;
  /** The add form's route. */
  addPath: string;
  /** The admin list of this kind. */
  listPath: string;
  listLabel: string;
  itemType: ItemType;
  periodType: PeriodType;
  supplierType: SupplierType;
  batchType: BatchType;
  /** Diamond items have a recommended retail price that sets the shop price. */
  showSrp: boolean;
  /** The supplier can be chosen (back issues come from people, shops and auctions; new comics and pre-orders from a distributor). */
  chooseSupplier: boolean;
}

export const VARIANTS: Record<StockVariant, VariantDefinition> = {
  new: {
    variant: 'new',
    title: 'Add New Stock Issue',
    addPath: '/admin-add-new-stock-issue',
    listPath: '/admin-new-stock-list',
    listLabel: 'New Stock',
    itemType: 'comic',
    periodType: 'new',
    supplierType: 'diamond',
    batchType: 'diamond',
    showSrp: true,
    chooseSupplier: true,
  },
  'back-issue': {
    variant: 'back-issue',
    title: 'Add Back Issue',
    addPath: '/admin-add-back-issue',
    listPath: '/admin-back-issue-list',
    listLabel: 'Back Issues',
    itemType: 'comic',
    periodType: 'back-issue',
    supplierType: 'local_person',
    batchType: 'back',
    showSrp: false,
    chooseSupplier: true,
  },
  'pre-order': {
    variant: 'pre-order',
    title: 'Add Pre-Order',
    addPath: '/admin-add-pre-order',
    listPath: '/admin-pre-order-list',
    listLabel: 'Pre-Orders',
    itemType: 'comic',
    periodType: 'pre-order',
    supplierType: 'diamond',
    batchType: 'pre',
    showSrp: true,
    chooseSupplier: true,
  },
  game: {
    variant: 'game',
    title: 'Add Game',
    addPath: '/admin-add-game',
    listPath: '/admin-games-list',
    listLabel: 'Games',
    itemType: 'game',
    periodType: 'new',
    supplierType: 'lpg',
    batchType: 'game',
    showSrp: false,
    chooseSupplier: true,
  },
  accessory: {
    variant: 'accessory',
    title: 'Add Accessories',
    addPath: '/admin-add-accessories',
    listPath: '/admin-accessories-list',
    listLabel: 'Accessories',
    itemType: 'accessory',
    periodType: 'new',
    supplierType: 'lpg',
    batchType: 'game',
    showSrp: false,
    chooseSupplier: true,
  },
};

const BACK_ISSUE_SUPPLIERS: SupplierType[] = ['local_person', 'local_shop', 'auction', 'diamond', 'lunar', 'prh', 'lpg'];
const GAME_SUPPLIERS: SupplierType[] = ['lpg', 'diamond', 'local_shop', 'local_person', 'auction'];
/** New comics and pre-orders come from a distributor (issue 17: Diamond, Lunar, Penguin Random House). */
const DISTRIBUTORS: SupplierType[] = ['diamond', 'lunar', 'prh'];
/** The suppliers each form offers (its first is the default). */
export const SUPPLIER_CHOICES: Record<StockVariant, SupplierType[]> = {
  new: DISTRIBUTORS,
  'pre-order': DISTRIBUTORS,
  'back-issue': BACK_ISSUE_SUPPLIERS,
  game: GAME_SUPPLIERS,
  accessory: GAME_SUPPLIERS,
};

export const SUPPLIER_LABELS: Record<SupplierType, string> = {
  diamond: 'Diamond',
  lpg: "Let's Play Games",
  auction: 'Auction',
  local_shop: 'Local Shop',
  local_person: 'Local Person',
  lunar: 'Lunar',
  prh: 'Penguin Random House',
};

/** The form an item belongs to: by itemType, then periodType (vintage comics use the back-issue form). */
export function variantForItem(item: { itemType?: ItemType | null; periodType?: PeriodType | null }): StockVariant {
  if (item.itemType === 'game') return 'game';
  if (item.itemType === 'accessory') return 'accessory';
  if (item.periodType === 'new') return 'new';
  if (item.periodType === 'pre-order') return 'pre-order';
  return 'back-issue';
}

/** Batches an item of this variant can be put in. */
export function batchesForVariant(batches: readonly AdminBatch[], variant: StockVariant): AdminBatch[] {
  const def = VARIANTS[variant];
  return batches.filter((batch) => {
    if (batch.itemType && batch.itemType !== def.itemType) return false;
    if (def.itemType === 'comic' && batch.periodType) {
      const period = batch.periodType === 'vintage' ? 'back-issue' : batch.periodType;
      if (period !== def.periodType) return false;
    }
    return true;
  });
}

/** The id of an item's batch (the API sends the id). */
export function batchIdOf(item: Pick<AdminComic, 'batch'>): string | null {
  return item.batch || null;
}
