import { describeBatchEvent } from '../catalogue/batchAudit.ts';
import { BATCH_EVENT_TYPES, type BatchEvent } from '../catalogue/batchEvents.ts';
import { describeStockItemEvent } from '../catalogue/stockItemAudit.ts';
import { STOCK_ITEM_EVENT_TYPES, type StockItemEvent } from '../catalogue/stockItemEvents.ts';
import { describeCheckListEvent } from '../checklist/checkList.ts';
import { CHECK_LIST_EVENT_TYPES, type CheckListEvent } from '../checklist/checkListEvents.ts';
import {
  describeMarketplaceOrderEvent,
  MARKETPLACE_ORDER_EVENT_TYPES,
  type MarketplaceOrderEvent,
} from '../marketplace/marketplaceOrder.ts';
import { describeSiteSettingsEvent, type SiteSettingsEvent } from '../settings/siteSettings.ts';
import { CREDIT_EVENT_TYPES } from '../credit/creditEventTypes.ts';
import { describeCreditEvent } from '../credit/describeCreditEvent.ts';
import type { CreditEvent } from '../credit/index.ts';
import { describeFeedbackEvent, FEEDBACK_EVENT_TYPES, type FeedbackEvent } from '../feedback/feedback.ts';
import { describeOrderEvent } from '../orders/describeOrderEvent.ts';
import type { OrderEvent } from '../orders/orderEvents.ts';
import { ORDER_EVENT_TYPES } from '../orders/orderEventTypes.ts';
import type { DomainEvent } from '../shared/events.ts';
import { describePullListEvent } from '../pullLists/pullListAudit.ts';
import { FOC_WORKSHEET_EVENT_TYPES, type FocWorksheetEvent } from '../pullLists/focWorksheet.ts';
import { PULL_LIST_EVENT_TYPES, SERIES_ROLL_EVENT_TYPES, type PullListEvent, type SeriesRollEvent } from '../pullLists/pullListEvents.ts';
import { describeSeriesEvent } from '../series/seriesAudit.ts';
import { SERIES_EVENT_TYPES, type SeriesEvent } from '../series/seriesEvents.ts';
import { describeUserEvent } from '../users/describeUserEvent.ts';
import type { UserEvent } from '../users/index.ts';
import { USER_EVENT_TYPES } from '../users/userEventTypes.ts';

type Describer = (event: DomainEvent) => string;

/**
 * Events the audit history leaves out. A shopper's search recorded on their order changes nothing of
 * the shop's: it is a shopper's trail, read on the order itself (its searchTerms and history, and
 * its stream's history), and a busy shop records hundreds a minute, which would bury every change an
 * admin looks for under "Searched for …".
 */
const LEFT_OUT_OF_AUDIT: ReadonlySet<string> = new Set(['OrderSearchRecorded']);

/** Whether an event of this type has an entry in the audit history. */
export function isAudited(type: string): boolean {
  return !LEFT_OUT_OF_AUDIT.has(type);
}

/** Plain-words descriptions for the audit history, one per event type. */
const describers: Record<string, Describer> = {
  ...Object.fromEntries(ORDER_EVENT_TYPES.map((t) => [t, (e: DomainEvent) => describeOrderEvent(e as OrderEvent)])),
  ...Object.fromEntries(USER_EVENT_TYPES.map((t) => [t, (e: DomainEvent) => describeUserEvent(e as UserEvent)])),
  ...Object.fromEntries(CREDIT_EVENT_TYPES.map((t) => [t, (e: DomainEvent) => describeCreditEvent(e as CreditEvent)])),
  ...Object.fromEntries(FEEDBACK_EVENT_TYPES.map((t) => [t, (e: DomainEvent) => describeFeedbackEvent(e as FeedbackEvent)])),
  SiteSettingsSaved: (e) => describeSiteSettingsEvent(e as SiteSettingsEvent),
  ...Object.fromEntries(STOCK_ITEM_EVENT_TYPES.map((t) => [t, (e: DomainEvent) => describeStockItemEvent(e as StockItemEvent)])),
  ...Object.fromEntries(BATCH_EVENT_TYPES.map((t) => [t, (e: DomainEvent) => describeBatchEvent(e as BatchEvent)])),
  ...Object.fromEntries(SERIES_EVENT_TYPES.map((t) => [t, (e: DomainEvent) => describeSeriesEvent(e as SeriesEvent)])),
  ...Object.fromEntries(
    [...PULL_LIST_EVENT_TYPES, ...SERIES_ROLL_EVENT_TYPES, ...FOC_WORKSHEET_EVENT_TYPES].map((t) => [
      t,
      (e: DomainEvent) => describePullListEvent(e as PullListEvent | SeriesRollEvent | FocWorksheetEvent),
    ]),
  ),
  ...Object.fromEntries(CHECK_LIST_EVENT_TYPES.map((t) => [t, (e: DomainEvent) => describeCheckListEvent(e as CheckListEvent)])),
  ...Object.fromEntries(
    MARKETPLACE_ORDER_EVENT_TYPES.map((t) => [t, (e: DomainEvent) => describeMarketplaceOrderEvent(e as MarketplaceOrderEvent)]),
  ),
};

/**
 * Never throws: a describer that fails on an event (an old schema version, say) must not stall the
 * audit projection on it, so the type's readable name stands in.
 */
export function describeEvent(event: DomainEvent): string {
  const describe = describers[event.type];
  if (describe) {
    try {
      return describe(event);
    } catch {
      return readableType(event.type);
    }
  }
  return readableType(event.type);
}

/** "StockItemAdded" -> "Stock item added". */
function readableType(type: string): string {
  const words = type.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
