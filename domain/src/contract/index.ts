/**
 * The HTTP contract: the body of every request and answer of the API, as zod schemas. The server
 * validates requests and serialises answers with them (services/src/api), the OpenAPI document
 * and docs/api.md are generated from them, and the web app takes its types from them (z.infer).
 */
export * from './shared.ts';
export * from './catalogue.ts';
export * from './accounts.ts';
export * from './orders.ts';
export * from './settings.ts';
export * from './admin.ts';
export * from './marketplace.ts';
export * from './wants.ts';
export * from './series.ts';
export * from './pullLists.ts';
