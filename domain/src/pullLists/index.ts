/** Pull lists: subscriptions, reservations and the series' subscriber roll. */
export * from './pullListEvents.ts';
export * from './pullList.ts';
export * from './seriesRoll.ts';
export * from './planReservations.ts';
export * from './pullListSchemas.ts';
export * from './focWorksheet.ts';
export * from './pullListAudit.ts';
