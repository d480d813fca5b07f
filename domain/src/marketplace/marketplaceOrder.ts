/**
 * The marketplace-order decider (stream type 'ebayorder', one stream per marketplace order, the
 * stream id derived from the marketplace's order number): what the shop recorded of an order it
 * sold on the auction marketplace - the buyer, the address, the lines and the money.
 *
 * The order itself is also an order stream of type 'ebay' (OrderStarted with the external id), and
 * each matched line takes its stock with RecordExternalSale on the stock stream; this stream holds
 * the marketplace's detail, which the order decider has no events for.
 *
 * Rules decided here:
 * - ONE_LINE_PER_KEY: a line is identified within its order by its SKU (our stock item id), or by
 *   its title when the marketplace has no SKU for it. A line already recorded is never recorded
 *   again, whether it came from the marketplace's API or from a sales file.
 * - LATER_LINES_ARE_ADDED: a sales file may name lines of an order recorded before (a file split
 *   across days); only the lines not yet recorded are added, with the order's new totals.
 */
import { formatCents } from '../catalogue/money.ts';
import { DomainError, type Decider } from '../shared/decider.ts';
import type { DomainEvent } from '../shared/events.ts';
import {
  describeOversoldEvent,
  type FlagOversold,
  type MarketplaceOversoldFlagged,
  type MarketplaceOversoldResolved,
  type OversoldResolution,
  type ResolveOversold,
} from './oversold.ts';

export const MARKETPLACE_ORDER_STREAM_TYPE = 'ebayorder';
export const MARKETPLACE_SOURCES = ['api', 'sales-file'] as const;
/** api: pulled by update transactions; sales-file: a row of the uploaded sales report. */
export type MarketplaceSource = (typeof MARKETPLACE_SOURCES)[number];

export interface MarketplaceSaleLine {
  /** The line's identity within its order (ONE_LINE_PER_KEY): see `saleLineKey`. */
  key: string;
  /** The marketplace's SKU (our stock item id for listings the shop made), or null. */
  sku: string | null;
  /** The stock item the line sold, or null when the SKU matched none (no stock was taken). */
  stockItemId: string | null;
  /** Our stock item's name when matched, else the marketplace's title. */
  name: string;
  title: string;
  comicId: string | null;
  itemType: string | null;
  quantity: number;
  /** What the buyer paid for the items of the line (unit price x quantity), without postage. */
  valueCents: number;
  postageCents: number;
  /** The marketplace's fees on this line when known (sales file), else null. */
  feesCents: number | null;
  /** Copies taken off our free stock, and copies sold that we did not have free (oversold). */
  taken: number;
  oversold: number;
}

export interface MarketplaceBuyer {
  username: string;
  name: string;
}

export interface MarketplaceShipTo {
  name: string;
  addressLine1: string;
  addressLine2: string | null;
  suburb: string;
  state: string;
  postalCode: string;
  countryCode: string;
}

export interface MarketplaceOrderTotals {
  /** Sum of the lines' values. */
  itemsCents: number;
  postageCents: number;
  /** What the buyer paid: items and postage (less any marketplace discount). */
  totalCents: number;
  /** The marketplace's fees, when known. */
  feesCents: number | null;
}

export type MarketplaceOrderRecorded = DomainEvent<
  'MarketplaceOrderRecorded',
  {
    /** Our order id (the 'order' stream of type ebay). */
    orderId: string;
    publicId: number;
    /** The marketplace's order number. */
    externalId: string;
    source: MarketplaceSource;
    /** When the buyer bought (ISO). */
    soldAt: string;
    buyer: MarketplaceBuyer;
    shipTo: MarketplaceShipTo | null;
    lines: MarketplaceSaleLine[];
    totals: MarketplaceOrderTotals;
  }
>;

export type MarketplaceOrderLinesAdded = DomainEvent<
  'MarketplaceOrderLinesAdded',
  {
    orderId: string;
    externalId: string;
    source: MarketplaceSource;
    lines: MarketplaceSaleLine[];
    /** The order's totals after the lines. */
    totals: MarketplaceOrderTotals;
  }
>;

export type MarketplaceOrderEvent =
  MarketplaceOrderRecorded | MarketplaceOrderLinesAdded | MarketplaceOversoldFlagged | MarketplaceOversoldResolved;
export type MarketplaceOrderEventType = MarketplaceOrderEvent['type'];
export const MARKETPLACE_ORDER_EVENT_TYPES: readonly MarketplaceOrderEventType[] = [
  'MarketplaceOrderRecorded',
  'MarketplaceOrderLinesAdded',
  'MarketplaceOversoldFlagged',
  'MarketplaceOversoldResolved',
];

export interface RecordMarketplaceOrder {
  type: 'RecordMarketplaceOrder';
  orderId: string;
  publicId: number;
  externalId: string;
  source: MarketplaceSource;
  soldAt: string;
  buyer: MarketplaceBuyer;
  shipTo: MarketplaceShipTo | null;
  lines: MarketplaceSaleLine[];
  /** The marketplace's own totals (API); when left out they are the sums of the lines. */
  totals?: Partial<MarketplaceOrderTotals>;
}

export type MarketplaceOrderState =
  | { status: 'absent' }
  | {
      status: 'recorded';
      orderId: string;
      publicId: number;
      externalId: string;
      soldAt: string;
      buyer: MarketplaceBuyer;
      lines: MarketplaceSaleLine[];
      totals: MarketplaceOrderTotals;
      /** FLAGGED_ONCE (oversold.ts): none, flagged, or settled with the admin's resolution. */
      oversold: { status: 'none' } | { status: 'flagged' } | { status: 'resolved'; resolution: OversoldResolution };
    };

export type MarketplaceOrderCommand = RecordMarketplaceOrder | FlagOversold | ResolveOversold;

export const initialMarketplaceOrderState = (): MarketplaceOrderState => ({ status: 'absent' });

/** ONE_LINE_PER_KEY: "sku:{sku}", or "title:{title, lower case}" for a line without a SKU. */
export function saleLineKey(sku: string | null | undefined, title: string): string {
  const trimmed = sku?.trim() ?? '';
  return trimmed !== '' ? `sku:${trimmed}` : `title:${title.trim().toLowerCase()}`;
}

function wholeCents(value: number | null, label: string): void {
  if (value === null) return;
  if (!Number.isSafeInteger(value) || value < 0) throw new DomainError(`${label} must be a whole number of cents, not negative`, 'invalid');
}

function checkLine(line: MarketplaceSaleLine): void {
  if (line.key.trim() === '') throw new DomainError('A marketplace sale line needs a SKU or a title', 'invalid');
  if (!Number.isSafeInteger(line.quantity) || line.quantity < 1)
    throw new DomainError('Quantity must be a whole number of at least 1', 'invalid');
  wholeCents(line.valueCents, 'Item subtotal');
  wholeCents(line.postageCents, 'Postage');
  wholeCents(line.feesCents, 'Fees');
}

/** The first line of each key, in the order given. */
function uniqueLines(lines: readonly MarketplaceSaleLine[], known: ReadonlySet<string> = new Set()): MarketplaceSaleLine[] {
  const seen = new Set(known);
  const kept: MarketplaceSaleLine[] = [];
  for (const line of lines) {
    if (seen.has(line.key)) continue;
    seen.add(line.key);
    kept.push(line);
  }
  return kept;
}

const sumOf = (lines: readonly MarketplaceSaleLine[], pick: (l: MarketplaceSaleLine) => number) => lines.reduce((s, l) => s + pick(l), 0);

function feesOf(lines: readonly MarketplaceSaleLine[]): number | null {
  return lines.some((l) => l.feesCents !== null) ? sumOf(lines, (l) => l.feesCents ?? 0) : null;
}

export function linesTotals(lines: readonly MarketplaceSaleLine[]): MarketplaceOrderTotals {
  const itemsCents = sumOf(lines, (l) => l.valueCents);
  const postageCents = sumOf(lines, (l) => l.postageCents);
  return { itemsCents, postageCents, totalCents: itemsCents + postageCents, feesCents: feesOf(lines) };
}

export function decideMarketplaceOrder(command: MarketplaceOrderCommand, state: MarketplaceOrderState): MarketplaceOrderEvent[] {
  switch (command.type) {
    case 'RecordMarketplaceOrder':
      return decideRecord(command, state);
    case 'FlagOversold':
      return decideFlagOversold(command, state);
    case 'ResolveOversold':
      return decideResolveOversold(command, state);
  }
}

function decideFlagOversold(command: FlagOversold, state: MarketplaceOrderState): MarketplaceOrderEvent[] {
  if (state.status === 'absent') throw new DomainError('No such eBay order', 'not-found');
  if (state.oversold.status !== 'none' || command.lines.length === 0) return [];
  return [
    {
      type: 'MarketplaceOversoldFlagged',
      data: {
        orderId: state.orderId,
        publicId: state.publicId,
        externalId: state.externalId,
        buyerUsername: state.buyer.username,
        soldAt: state.soldAt,
        lines: command.lines,
      },
    },
  ];
}

function decideResolveOversold(command: ResolveOversold, state: MarketplaceOrderState): MarketplaceOrderEvent[] {
  if (state.status === 'absent') throw new DomainError('No such eBay order', 'not-found');
  if (state.oversold.status === 'none') throw new DomainError(`eBay order ${state.externalId} is not oversold`, 'conflict');
  if (state.oversold.status === 'resolved') {
    if (state.oversold.resolution === command.resolution) return [];
    throw new DomainError(`The oversold eBay order ${state.externalId} is already settled`, 'conflict');
  }
  const note = (command.note ?? '').trim();
  if (note.length > 500) throw new DomainError('A note can be at most 500 characters', 'invalid');
  return [
    {
      type: 'MarketplaceOversoldResolved',
      data: { orderId: state.orderId, externalId: state.externalId, resolution: command.resolution, note },
    },
  ];
}

function decideRecord(command: RecordMarketplaceOrder, state: MarketplaceOrderState): MarketplaceOrderEvent[] {
  const externalId = command.externalId.trim();
  if (externalId === '') throw new DomainError('A marketplace order needs its marketplace order number', 'invalid');
  if (command.lines.length === 0) throw new DomainError('A marketplace order needs at least one line', 'invalid');
  command.lines.forEach(checkLine);

  if (state.status === 'absent') {
    if (!Number.isSafeInteger(command.publicId) || command.publicId < 1)
      throw new DomainError('An order number must be a whole number above 0', 'invalid');
    const lines = uniqueLines(command.lines);
    const summed = linesTotals(lines);
    const totals: MarketplaceOrderTotals = {
      itemsCents: summed.itemsCents,
      postageCents: command.totals?.postageCents ?? summed.postageCents,
      totalCents: command.totals?.totalCents ?? summed.totalCents,
      feesCents: command.totals?.feesCents !== undefined ? command.totals.feesCents : summed.feesCents,
    };
    wholeCents(totals.postageCents, 'Postage');
    wholeCents(totals.totalCents, 'Total');
    wholeCents(totals.feesCents, 'Fees');
    return [
      {
        type: 'MarketplaceOrderRecorded',
        data: {
          orderId: command.orderId,
          publicId: command.publicId,
          externalId,
          source: command.source,
          soldAt: command.soldAt,
          buyer: command.buyer,
          shipTo: command.shipTo,
          lines,
          totals,
        },
      },
    ];
  }

  // LATER_LINES_ARE_ADDED
  const added = uniqueLines(command.lines, new Set(state.lines.map((l) => l.key)));
  if (added.length === 0) return [];
  const more = linesTotals(added);
  const before = state.totals;
  return [
    {
      type: 'MarketplaceOrderLinesAdded',
      data: {
        orderId: state.orderId,
        externalId: state.externalId,
        source: command.source,
        lines: added,
        totals: {
          itemsCents: before.itemsCents + more.itemsCents,
          postageCents: before.postageCents + more.postageCents,
          totalCents: before.totalCents + more.totalCents,
          feesCents: before.feesCents === null && more.feesCents === null ? null : (before.feesCents ?? 0) + (more.feesCents ?? 0),
        },
      },
    },
  ];
}

export function evolveMarketplaceOrder(state: MarketplaceOrderState, event: MarketplaceOrderEvent): MarketplaceOrderState {
  switch (event.type) {
    case 'MarketplaceOrderRecorded': {
      const d = event.data;
      return {
        status: 'recorded',
        orderId: d.orderId,
        publicId: d.publicId,
        externalId: d.externalId,
        soldAt: d.soldAt,
        buyer: d.buyer,
        lines: d.lines,
        totals: d.totals,
        oversold: { status: 'none' },
      };
    }
    case 'MarketplaceOrderLinesAdded':
      if (state.status === 'absent') return state;
      return { ...state, lines: [...state.lines, ...event.data.lines], totals: event.data.totals };
    case 'MarketplaceOversoldFlagged':
      return state.status === 'absent' ? state : { ...state, oversold: { status: 'flagged' } };
    case 'MarketplaceOversoldResolved':
      return state.status === 'absent' ? state : { ...state, oversold: { status: 'resolved', resolution: event.data.resolution } };
    default:
      return state;
  }
}

export const marketplaceOrderDecider: Decider<MarketplaceOrderCommand, MarketplaceOrderEvent, MarketplaceOrderState> = {
  streamType: MARKETPLACE_ORDER_STREAM_TYPE,
  initialState: initialMarketplaceOrderState,
  decide: decideMarketplaceOrder,
  evolve: evolveMarketplaceOrder,
};

const SOURCE_WORDS: Record<MarketplaceSource, string> = { api: 'from eBay', 'sales-file': 'from the sales file' };

function copies(lines: readonly MarketplaceSaleLine[]): string {
  const count = sumOf(lines, (l) => l.quantity);
  return count === 1 ? '1 item' : `${count} items`;
}

function lineWords(lines: readonly MarketplaceSaleLine[]): string {
  const names = lines.map(
    (l) =>
      `${l.quantity} x ${l.name}${l.stockItemId === null ? ' (no matching stock)' : ''}${l.oversold > 0 ? ` (${l.oversold} oversold)` : ''}`,
  );
  return names.join(', ');
}

/** Plain words for the audit history. */
export function describeMarketplaceOrderEvent(event: MarketplaceOrderEvent): string {
  switch (event.type) {
    case 'MarketplaceOrderRecorded': {
      const d = event.data;
      return `Recorded eBay order ${d.externalId} ${SOURCE_WORDS[d.source]}: ${d.buyer.name || d.buyer.username} (${d.buyer.username}) bought ${copies(d.lines)} for ${formatCents(d.totals.totalCents)}: ${lineWords(d.lines)}`;
    }
    case 'MarketplaceOrderLinesAdded': {
      const d = event.data;
      return `Added ${copies(d.lines)} to eBay order ${d.externalId} ${SOURCE_WORDS[d.source]}: ${lineWords(d.lines)}`;
    }
    case 'MarketplaceOversoldFlagged':
    case 'MarketplaceOversoldResolved':
      return describeOversoldEvent(event);
  }
}
