export * from './catalogueView.ts';
export * from './postage.ts';
export * from './totals.ts';
export * from './orderLine.ts';
export * from './orderEvents.ts';
export type * from './orderCommands.ts';
export {
  initialOrderState,
  evolveOrder,
  isAdhocOrder,
  nextSearchHistory,
  SEARCH_HISTORY_SIZE,
  SEARCH_TERMS_SEPARATOR,
  SEARCH_TERMS_MAX_LENGTH,
  appendSearchTerm,
  type OrderState,
  type OrderPayment,
  type CheckoutInProgress,
} from './orderState.ts';
export { orderDecider, decideOrder } from './order.ts';
export { EMPTY_ORDER_MESSAGE } from './beginCheckout.ts';
export { planSyncOrder, syncOrderMessages, normaliseOrderAddress } from './syncOrder.ts';
export { planMergeGuestOrder } from './guestOrder.ts';
export { planLineChanges, type LinePlan } from './planLineChanges.ts';
export { orderTotalsOf } from './orderTotalsOf.ts';
export { MAX_SEARCH_TERM_LENGTH } from './recordSearch.ts';
export { MAX_TRACKING_NUMBER_LENGTH } from './postOrder.ts';
export * from './clientOrderSchema.ts';
export {
  orderClientView,
  type OrderClientView,
  type OrderItemView,
  type LatestTransactionView,
  type ClientViewOptions,
} from './clientView.ts';
export { describeOrderEvent } from './describeOrderEvent.ts';
export * from './checkoutProcess.ts';
