import type { ItemType, PeriodType } from '../types/api';

export type ImageFolder = 'diamond' | 'backissues' | 'games';

interface ImageOwner {
  itemType?: ItemType | null;
  periodType?: PeriodType | null;
}

/** New and pre-order comics live in diamond/, other comics in backissues/, games and accessories in games/. */
export function imageFolder(item: ImageOwner): ImageFolder {
  if (item.itemType === 'game' || item.itemType === 'accessory') return 'games';
  if (item.periodType === 'new' || item.periodType === 'pre-order') return 'diamond';
  return 'backissues';
}

export function imageUrl(item: ImageOwner, imageId: string): string {
  return `/images/${imageFolder(item)}/${encodeURIComponent(imageId)}.webp`;
}
