import { z } from 'zod';
import { saveSiteSettingsSchema } from '../settings/siteSettings.ts';
import { refusals } from './shared.ts';

export const siteSettingsView = z.object({
  hideAccessories: z.boolean(),
  hideGames: z.boolean(),
  warningText: z.string(),
  updateTransactionsSave: z.boolean(),
  updateTransactionsDays: z.number().int(),
});
export type SiteSettingsView = z.infer<typeof siteSettingsView>;

/** GET /site-settings: the settings, the orders waiting to be posted, and whether cards go to the simulator. */
export const siteSettingsAnswer = z.object({
  siteSettings: siteSettingsView,
  ordersNeedPosting: z.number().int(),
  /** Card payments go to the payment simulator: the storefront keeps its TEST card form. */
  paymentsTestMode: z.boolean(),
});
export type SiteSettingsAnswer = z.infer<typeof siteSettingsAnswer>;

export const adminSiteSettingsAnswer = z.object({ siteSettings: siteSettingsView, ordersNeedPosting: z.number().int() });
export type AdminSiteSettingsAnswer = z.infer<typeof adminSiteSettingsAnswer>;

export const savedSiteSettingsAnswer = adminSiteSettingsAnswer.extend({ message: z.string() });

/** A screen may send back keys that are not settings with them; they are ignored. */
const echoedKeys = { _id: z.unknown().optional(), __v: z.unknown().optional(), ordersNeedPosting: z.unknown().optional() };

export const projectionStatusView = z.object({
  projector: z.string(),
  checkpoint: z.string().nullable(),
  eventsBehind: z.number(),
  secondsBehind: z.number(),
});

export type ProjectionStatusView = z.infer<typeof projectionStatusView>;
/** A queue's job counts by state (waiting, active, delayed, failed, completed). */
export type QueueCountsView = Record<string, number>;

export const catalogueCacheStatsView = z.object({
  hits: z.number(),
  misses: z.number(),
  /** Kept answers dropped because an item they list or reach was added, edited, deleted or came back in stock. */
  dropped: z.number(),
  /** Kept answers found listing an item sold out since they were read, and so computed again. */
  soldOut: z.number(),
  /** Kept answers served with newer live counts laid over them (a new body, compressed again). */
  laidOut: z.number(),
  entries: z.number(),
  /** How many items' JSON the process keeps for its answers (services/src/catalogue/itemJson.ts). */
  itemsJson: z.number(),
  /** How many items in stock the process's browse index holds (services/src/catalogue/browseIndex.ts); 0 until read. */
  browseIndexItems: z.number(),
  /** Whether the browse index's search (services/src/catalogue/searchIndex.ts) is made: the first search starts it, searches read the database until then. */
  searchIndexReady: z.boolean(),
  structure: z.string(),
  feedSeq: z.number(),
});

/** Browse and search connections now (services/src/db/salesFirst.ts); null when they read a replica. */
export const browseGateView = z.object({
  /** How many catalogue reads may hold a connection now: fewer while sales are under way. */
  limit: z.number(),
  held: z.number(),
  /** Catalogue reads waiting in the API for their turn. */
  waiting: z.number(),
  /** Shoppers' update-order and complete-order calls under way, each holding one connection back from browsing. */
  sales: z.number(),
});

/** Search terms this API process has not yet written to their orders (orders/searchTermsSoon.ts). */
export const searchTermsBacklogView = z.object({
  /** Terms gathered, waiting for the next gathering's write. */
  waiting: z.number(),
  /** Shoppers whose terms are being written now. */
  writing: z.number(),
});

/** GET /status: operational figures only, nothing about customers. */
export const systemStatusAnswer = z.object({
  status: z.literal('ok'),
  time: z.string(),
  eventStore: z.string(),
  events: z.number(),
  projections: z.array(projectionStatusView),
  queues: z.record(z.record(z.number())).nullable(),
  catalogueCache: catalogueCacheStatsView.nullable(),
  browseGate: browseGateView.nullable(),
  searchTerms: searchTermsBacklogView,
});
export type SystemStatusAnswer = z.infer<typeof systemStatusAnswer>;

export const settingsCalls = {
  siteSettings: { response: { 200: siteSettingsAnswer, ...refusals } },
  status: { response: { 200: systemStatusAnswer, ...refusals } },
  adminSiteSettings: { response: { 200: adminSiteSettingsAnswer, ...refusals } },
  saveSiteSettings: { body: saveSiteSettingsSchema.extend(echoedKeys), response: { 200: savedSiteSettingsAnswer, ...refusals } },
} as const;
