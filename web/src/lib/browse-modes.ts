import type { Batch, ItemType, PeriodType } from '../types/api';

export type BrowseMode = 'key-comics' | 'new-comics' | 'back-issues' | 'pre-orders' | 'games' | 'accessories';

export interface ModeDefinition {
  mode: BrowseMode;
  label: string;
  path: string;
  itemType: ItemType;
  periodType?: PeriodType;
  key?: boolean;
  /** The admin list that a batch filter returns to. */
  adminList?: string;
}

export const MODES: Record<BrowseMode, ModeDefinition> = {
  'key-comics': { mode: 'key-comics', label: 'Key Comics', path: '/key-comics', itemType: 'comic', key: true },
  'new-comics': {
    mode: 'new-comics',
    label: 'New Comics',
    path: '/new-comics',
    itemType: 'comic',
    periodType: 'new',
    adminList: '/admin-new-stock-list',
  },
  'back-issues': {
    mode: 'back-issues',
    label: 'Back Issues',
    path: '/back-issues',
    itemType: 'comic',
    periodType: 'back-issue',
    adminList: '/admin-back-issue-list',
  },
  'pre-orders': {
    mode: 'pre-orders',
    label: 'Pre-Orders',
    path: '/pre-orders',
    itemType: 'comic',
    periodType: 'pre-order',
    adminList: '/admin-pre-order-list',
  },
  games: { mode: 'games', label: 'Games', path: '/games', itemType: 'game', adminList: '/admin-games-list' },
  accessories: {
    mode: 'accessories',
    label: 'Accessories',
    path: '/accessories',
    itemType: 'accessory',
    adminList: '/admin-accessories-list',
  },
};

export const DEFAULT_MODE: BrowseMode = 'new-comics';

export function modeFromPath(pathname: string): BrowseMode | null {
  const found = Object.values(MODES).find((m) => m.path === pathname);
  return found ? found.mode : null;
}

/** The browse route a batch's items belong to. */
export function modeForBatch(batch: Pick<Batch, 'itemType' | 'periodType'>): BrowseMode {
  if (batch.itemType === 'game') return 'games';
  if (batch.itemType === 'accessory') return 'accessories';
  if (batch.periodType === 'back-issue' || batch.periodType === 'vintage') return 'back-issues';
  if (batch.periodType === 'pre-order') return 'pre-orders';
  return 'new-comics';
}

/** Batches an admin can filter a mode by. */
export function batchesForMode(batches: Batch[], mode: BrowseMode): Batch[] {
  const def = MODES[mode];
  return batches.filter((batch) => {
    if (batch.itemType && batch.itemType !== def.itemType) return false;
    if (def.periodType && batch.periodType && batch.periodType !== def.periodType) return false;
    return true;
  });
}

/** Whether the site settings hide a mode. */
export function modeHidden(mode: BrowseMode, settings: { hideGames?: boolean; hideAccessories?: boolean } | undefined): boolean {
  if (mode === 'games') return settings?.hideGames ?? true;
  if (mode === 'accessories') return settings?.hideAccessories ?? true;
  return false;
}
