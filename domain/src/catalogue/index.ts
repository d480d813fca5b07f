/** The catalogue: stock items, batches, prices, supplier dates, fixed lists and HTTP schemas. */
export * from './money.ts';
export * from './pricing.ts';
export * from './supplierDates.ts';
export * from './knownLists.ts';
export * from './schemas.ts';
export * from './stockItemEvents.ts';
export * from './condition.ts';
export * from './certReservation.ts';
export * from './itemPage.ts';
export * from './itemPageHead.ts';
export * from './stockItemFields.ts';
export * from './stockItem.ts';
export * from './stockItemAudit.ts';
export * from './batchEvents.ts';
export * from './batch.ts';
export * from './batchAudit.ts';
export {
  generateDemoCatalogue,
  type DemoBatch,
  type DemoCatalogue,
  type DemoCatalogueOptions,
  type DemoStockItem,
} from './demoCatalogue.ts';
export { createPrng, type Prng } from './prng.ts';
export * from './paging.ts';
export * from './foc.ts';
