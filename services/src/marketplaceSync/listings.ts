import { availableQuantity, stockItemDecider, stockItemName } from '@shop/domain/catalogue/index';
import { formatCents } from '@shop/domain/catalogue/money';
import type { EventMetadata } from '@shop/domain/shared/events';
import type { Deps } from '../deps/deps.ts';
import { handle } from '../commands/handle.ts';
import { ListingNotFoundError, type Marketplace } from '../marketplace/marketplace.ts';
import { stockStreamId } from '../orders/streams.ts';
import { ListingRefused, planListing, planRefresh, type PlanInput } from './listingPlan.ts';
import { shopPriceCents, type ActiveStockItem, type LoadedItem } from './stockItems.ts';

export interface SyncDeps {
  ctx: Pick<Deps, 'db' | 'store' | 'config' | 'ids'>;
  marketplace: Marketplace;
  metadata: EventMetadata;
}

export interface ListingOutcome {
  /** The item after the action (its marketplace ids as stored now). */
  item: LoadedItem;
  message: string;
  listingId: string | null;
  /** What happened: listed anew, revised an existing listing, refreshed, ended, deleted. */
  action: 'listed' | 'revised' | 'refreshed' | 'ended' | 'deleted';
}

/** The SKU the item is listed under: the one stored on it, else its id (the SKU every upload uses). */
export const skuOf = (item: LoadedItem) => item.state.item.ebaySku ?? item.stockItemId;

async function planInput(deps: SyncDeps, item: LoadedItem, quantity: number): Promise<PlanInput> {
  return {
    stockItemId: item.stockItemId,
    item: item.state.item,
    shopPriceCents: await shopPriceCents(deps.ctx, item.state.item),
    available: availableQuantity(item.state),
    quantity,
    publicUrl: deps.ctx.config.PUBLIC_URL,
  };
}

/** Stores the marketplace ids on the stock item (EditStockItem: a no-op when they are already these). */
async function storeIds(
  deps: SyncDeps,
  item: LoadedItem,
  ids: { ebaySku: string | null; ebayListingId: string | null },
): Promise<LoadedItem> {
  const { state } = await handle(
    deps.ctx,
    stockItemDecider,
    stockStreamId(item.stockItemId),
    { type: 'EditStockItem', data: { changes: ids } },
    deps.metadata,
  );
  return { stockItemId: item.stockItemId, state: state as ActiveStockItem };
}

const describeListing = (priceCents: number, quantity: number) => `${quantity} at ${formatCents(priceCents)}`;

/**
 * Lists the item with min(quantity, copies free), or revises its listing when it has one (upsert by
 * SKU), and stores the listing id and SKU on the item.
 */
export async function uploadListing(deps: SyncDeps, item: LoadedItem, quantity: number): Promise<ListingOutcome> {
  const plan = planListing(await planInput(deps, item, quantity));
  const before = item.state.item.ebayListingId ?? null;
  const { listingId, sku } = await deps.marketplace.upsertListing(plan);
  const stored = await storeIds(deps, item, { ebaySku: sku, ebayListingId: listingId });
  const revised = before !== null && before === listingId;
  const name = stockItemName(item.state.item);
  return {
    item: stored,
    listingId,
    action: revised ? 'revised' : 'listed',
    message: `${revised ? 'Revised' : 'Listed'} ${name} on eBay: ${describeListing(plan.priceCents, plan.quantity)} (listing ${listingId})`,
  };
}

/**
 * Sets the listing's price, quantity and title from the item now (quantity 0 when none are free:
 * the listing shows out of stock); an ended listing with stock is relisted.
 */
export async function refreshListing(deps: SyncDeps, item: LoadedItem, quantity: number): Promise<ListingOutcome> {
  const changes = planRefresh(await planInput(deps, item, quantity));
  const name = stockItemName(item.state.item);
  let state;
  try {
    state = await deps.marketplace.refreshListing(skuOf(item), changes);
  } catch (e) {
    if (e instanceof ListingNotFoundError) throw new ListingRefused(`${name} is not listed on eBay; upload it first`, 'conflict');
    throw e;
  }
  const stored =
    state.listingId && state.listingId !== item.state.item.ebayListingId
      ? await storeIds(deps, item, { ebaySku: skuOf(item), ebayListingId: state.listingId })
      : item;
  return {
    item: stored,
    listingId: state.listingId,
    action: 'refreshed',
    message: `Refreshed ${name} on eBay: ${describeListing(changes.priceCents, changes.quantity)}${state.status === 'out_of_stock' ? ' (out of stock)' : ''}`,
  };
}

/** Ends (withdraws) the listing; the item stays on eBay, and a refresh lists it again. */
export async function clearListing(deps: SyncDeps, item: LoadedItem): Promise<ListingOutcome> {
  const name = stockItemName(item.state.item);
  try {
    await deps.marketplace.endListing(skuOf(item));
  } catch (e) {
    if (e instanceof ListingNotFoundError) throw new ListingRefused(`${name} is not listed on eBay`, 'conflict');
    throw e;
  }
  return { item, listingId: item.state.item.ebayListingId ?? null, action: 'ended', message: `Ended the eBay listing of ${name}` };
}

/** Deletes the item and its listing from eBay and clears the ids stored on the item. */
export async function deleteListing(deps: SyncDeps, item: LoadedItem): Promise<ListingOutcome> {
  const name = stockItemName(item.state.item);
  let wasThere = true;
  try {
    await deps.marketplace.deleteListing(skuOf(item));
  } catch (e) {
    if (!(e instanceof ListingNotFoundError)) throw e;
    wasThere = false;
  }
  const stored = await storeIds(deps, item, { ebaySku: null, ebayListingId: null });
  return {
    item: stored,
    listingId: null,
    action: 'deleted',
    message: wasThere ? `Deleted ${name} from eBay` : `${name} was not on eBay; its listing id is cleared`,
  };
}
