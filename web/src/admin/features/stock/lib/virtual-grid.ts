/** The admin card grid: cards at least this wide, this far apart (as admin.css lays them out). */
export const STOCK_CARD_MIN_PX = 360;
export const STOCK_CARD_GAP_PX = 14;
/** A row's height before it is measured (a stock card in view mode). */
export const STOCK_ROW_ESTIMATE_PX = 300;

/** How many cards fit side by side in a list this wide (at least one). */
export function gridColumns(width: number): number {
  if (!(width > 0)) return 1;
  return Math.max(1, Math.floor((width + STOCK_CARD_GAP_PX) / (STOCK_CARD_MIN_PX + STOCK_CARD_GAP_PX)));
}

/** The items cut into rows of `columns`. */
export function gridRows<T>(items: readonly T[], columns: number): T[][] {
  const size = Math.max(1, Math.floor(columns));
  const rows: T[][] = [];
  for (let i = 0; i < items.length; i += size) rows.push(items.slice(i, i + size));
  return rows;
}
