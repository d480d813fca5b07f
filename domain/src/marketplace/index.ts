/** The auction marketplace: marketplace orders, the sales file, listing quantities. */
export * from './batchQuantity.ts';
export * from './marketplaceOrder.ts';
export * from './salesFile.ts';
export * from './oversold.ts';
