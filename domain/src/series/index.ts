/** Series and issues: the series stream, covers, title keys and the supplier title parser. */
export * from './seriesEvents.ts';
export * from './series.ts';
export * from './covers.ts';
export * from './seriesKey.ts';
export * from './supplierTitle.ts';
export * from './seriesAudit.ts';
export * from './seriesSchemas.ts';
export * from './issueOfTitle.ts';
