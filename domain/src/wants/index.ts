/** Want lists and back-in-stock alerts (issue 18). */
export * from './wantList.ts';
export * from './wantMatch.ts';
export * from './arrivals.ts';
