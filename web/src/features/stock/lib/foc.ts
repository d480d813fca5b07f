import { isPastFoc, orderByLabel } from '@shop/domain/catalogue/foc';
import type { Comic } from '../../../types/api';

/** A pre-order's cut-off as the tile shows it: "Order by 1 Dec 2026" before it, closed after the end of that day in Sydney. */
export type FocNotice = { kind: 'open'; label: string } | { kind: 'closed' } | null;

export function focNotice(comic: Pick<Comic, 'orderBy'>, now: Date): FocNotice {
  if (!comic.orderBy) return null;
  return isPastFoc(comic.orderBy, now) ? { kind: 'closed' } : { kind: 'open', label: orderByLabel(comic.orderBy) };
}
