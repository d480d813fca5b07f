import { focNoMoreMessage, focPassedMessage } from '../catalogue/foc.ts';
import { formatCents } from '../credit/money.ts';
import type { CatalogueLookup } from './catalogueView.ts';
import type { OrderEvent } from './orderEvents.ts';
import { lineDetailsFrom, sameLineDetails, type OrderLine, type RequestedLine } from './orderLine.ts';

export interface LinePlan {
  events: OrderEvent[];
  /** Notices for the shopper: lines cut to what is available, dropped, or repriced. */
  messages: string[];
}

const itemsWord = (n: number) => (n === 1 ? 'is' : 'are');

/**
 * Reconciles the order's lines with the requested ones against the catalogue:
 * - "Decreasing a quantity below 1 removes the item"; with `removeUnrequested`, a line the request
 *   leaves out is removed too.
 * - A line for more than is available is cut to what is available, with a message.
 * - A line for a missing, deleted or sold-out item is dropped, with a message.
 * - FOC_CLOSES_NEW_LINES: after a pre-order's final order cut-off (item.focPassed), a new line for
 *   it is refused and a line already ordered keeps its quantity or less, each with a message.
 * - Name, price and postage always come from the catalogue.
 * - PULL_LIST_LINES_STAY: a line of pull-list copies (`pullList`) keeps its quantity whatever the
 *   request says (a stale client cannot drop it); only its name, price and postage follow the catalogue.
 * Requested lines are handled bottom-up so that the lines added or increased end up on top in the
 * requested order ("Adding an item already in the order moves it to the top").
 */
export function planLineChanges(
  current: readonly OrderLine[],
  requested: readonly RequestedLine[],
  catalogue: CatalogueLookup,
  { removeUnrequested }: { removeUnrequested: boolean },
): LinePlan {
  const events: OrderEvent[] = [];
  const messages: string[] = [];
  const requestedIds = new Set(requested.map((r) => r.stockItemId));

  if (removeUnrequested) {
    for (const line of current) {
      if (!line.pullList && !requestedIds.has(line.stockItemId)) events.push(removed(line, 'removed'));
    }
  }
  for (const line of current) {
    if (line.pullList) events.push(...pullListLineDetails(line, catalogue));
  }

  for (const request of [...requested].reverse()) {
    const existing = current.find((l) => l.stockItemId === request.stockItemId);
    if (existing?.pullList) continue;
    if (request.quantity < 1) {
      if (existing) events.push(removed(existing, 'removed'));
      continue;
    }
    const item = catalogue.get(request.stockItemId);
    if (!item || item.deleted) {
      if (existing) events.push(removed(existing, 'unavailable'));
      messages.push(
        existing ? `${existing.name} is no longer available and was removed from your order.` : 'An item you added is no longer available.',
      );
      continue;
    }
    if (item.available < 1) {
      if (existing) events.push(removed(existing, 'sold_out'));
      messages.push(existing ? `${item.name} is sold out and was removed from your order.` : `${item.name} is sold out.`);
      continue;
    }
    let quantity = request.quantity;
    if (item.focPassed && item.focDate && quantity > (existing?.quantity ?? 0)) {
      if (!existing) {
        messages.push(focPassedMessage(item.name, item.focDate));
        continue;
      }
      quantity = existing.quantity;
      messages.push(focNoMoreMessage(item.name, item.focDate, quantity));
    }
    if (quantity > item.available) {
      quantity = item.available;
      messages.push(`Only ${item.available} of ${item.name} ${itemsWord(item.available)} available, so your order has ${item.available}.`);
    }
    const details = lineDetailsFrom(item);
    if (!existing) {
      events.push({ type: 'OrderItemAdded', data: { ...details, quantity, available: item.available } });
      continue;
    }
    if (!sameLineDetails(existing, details)) {
      events.push({
        type: 'OrderItemDetailsChanged',
        data: { ...details, previousName: existing.name, previousPrice: existing.price, previousPnp: existing.pnp },
      });
      if (existing.price !== details.price) {
        messages.push(`The price of ${item.name} changed from ${formatCents(existing.price)} to ${formatCents(details.price)}.`);
      }
    }
    if (quantity !== existing.quantity) {
      events.push({
        type: 'OrderItemQuantityChanged',
        data: {
          stockItemId: item.stockItemId,
          name: item.name,
          price: item.price,
          previousQuantity: existing.quantity,
          quantity,
          available: item.available,
        },
      });
    }
  }
  return { events, messages };
}

/** A pull-list line's name, price and postage as the catalogue has them now (its quantity stays). */
function pullListLineDetails(line: OrderLine, catalogue: CatalogueLookup): OrderEvent[] {
  const item = catalogue.get(line.stockItemId);
  if (!item || item.deleted) return [];
  const details = lineDetailsFrom(item);
  if (sameLineDetails(line, details)) return [];
  return [
    {
      type: 'OrderItemDetailsChanged',
      data: { ...details, previousName: line.name, previousPrice: line.price, previousPnp: line.pnp },
    },
  ];
}

function removed(line: OrderLine, reason: 'removed' | 'unavailable' | 'sold_out'): OrderEvent {
  return { type: 'OrderItemRemoved', data: { stockItemId: line.stockItemId, name: line.name, quantity: line.quantity, reason } };
}
