/**
 * Who gets how many copies of an item, pure: subscribers in subscription order (the series' roll),
 * each taking what their subscription wants from the item's free copies until none are left; the
 * rest wait as "awaiting copies" and are filled, in the same order, when copies free up (a
 * quantity raised, a reservation cancelled).
 */
import { coversWanted, normaliseCover, type CoverChoice } from '../series/covers.ts';
import type { Reservation, Subscription } from './pullList.ts';

export interface ItemForReservation {
  cover: string;
  printing: number;
  /** Free copies now (the stock's available: not sold, not held). */
  available: number;
  /** The covers of the issue the shop lists (this item's included): which one is "main". */
  issueCovers: readonly string[];
}

export interface SubscriberForReservation {
  userId: string;
  subscription: Subscription | null;
  /** Their reservation of this item, if any. */
  reservation: Reservation | null;
}

export interface PlannedReservation {
  userId: string;
  /** The copies to hold for them now (their total). */
  quantity: number;
  wanted: number;
  /** What they hold now (0 for a new reservation). */
  previousQuantity: number;
}

/**
 * Whether a subscription takes this item: a first printing, of a cover the choice takes ('all':
 * every regular cover, never a ratio incentive; 'main': the issue's main cover).
 */
export function subscriptionTakes(choice: CoverChoice, item: Pick<ItemForReservation, 'cover' | 'printing' | 'issueCovers'>): boolean {
  if (item.printing > 1) return false;
  const covers = [...item.issueCovers, item.cover];
  return coversWanted(covers, choice).includes(normaliseCover(item.cover));
}

/**
 * The reservations to write. `entering`: the item just joined the series (added, or moved into it),
 * so subscribers without a reservation get one; otherwise only awaiting copies are filled.
 */
export function planReservations(
  item: ItemForReservation,
  subscribers: readonly SubscriberForReservation[],
  { entering }: { entering: boolean },
): PlannedReservation[] {
  let free = Math.max(0, item.available);
  const planned: PlannedReservation[] = [];
  for (const { userId, subscription, reservation } of subscribers) {
    if (reservation) {
      if (reservation.status !== 'reserved' || reservation.awaiting < 1) continue;
      const give = Math.min(reservation.awaiting, free);
      free -= give;
      if (give > 0) {
        planned.push({ userId, quantity: reservation.quantity + give, wanted: reservation.wanted, previousQuantity: reservation.quantity });
      }
      continue;
    }
    if (!entering || !subscription || !subscriptionTakes(subscription.covers, item)) continue;
    const give = Math.min(subscription.quantity, free);
    free -= give;
    planned.push({ userId, quantity: give, wanted: subscription.quantity, previousQuantity: 0 });
  }
  return planned;
}
