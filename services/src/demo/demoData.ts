/**
 * Real-world reference data for the demo catalogue: series with their publishers and creators,
 * variant kinds, key issues, games and accessories. The records are data, kept in demoData.json;
 * this module checks them once as it loads (publisher names are those of KNOWN_PUBLISHERS).
 */
import { z } from 'zod';
import { KNOWN_PUBLISHERS } from '@shop/domain/catalogue/knownLists';
import data from './demoData.json' with { type: 'json' };

const comicPublisher = z.enum(KNOWN_PUBLISHERS.comic);
const weighted = <T extends z.ZodTypeAny>(value: T) => z.array(z.tuple([value, z.number()]).readonly()).readonly();
const text = z.array(z.string()).readonly();

const seriesSchema = z.object({
  title: z.string(),
  publisher: comicPublisher,
  writers: text,
  artists: text,
  /** The issue number current in the month the demo is generated (a finished run: its last issue). */
  latestIssue: z.number().int(),
  /** Relative frequency on the shelves. */
  weight: z.number(),
  /**
   * A finished run: the month its last issue (latestIssue) came out. It is sold only as back
   * issues, never as a new comic or a pre-order.
   */
  ended: z.object({ year: z.number().int(), month: z.number().int().min(1).max(12) }).optional(),
});
const keyIssueSchema = z.object({
  title: z.string(),
  issue: z.number().int(),
  note: z.string(),
  publisher: comicPublisher,
  year: z.number().int(),
  month: z.number().int(),
  writer: z.string(),
  artist: z.string(),
  /** The shop's price (cents). */
  priceCents: z.number().int(),
});
const productSchema = z.object({
  name: z.string(),
  publisher: z.union([z.enum(KNOWN_PUBLISHERS.game), z.literal('BCW')]),
  srp: z.number().int(),
  pnp: z.number().int(),
});

const demoDataSchema = z.object({
  series: z.array(seriesSchema).readonly(),
  /** Variant cover artists often seen on incentive and artist variants. */
  coverArtists: text,
  /** Variant kinds of new and pre-order comics with relative frequency; '{artist}' names the cover artist. */
  newVariants: weighted(z.string()),
  backVariants: weighted(z.string()),
  /** New comics' cover prices (cents): $4.99 to $7.99. */
  newSrps: weighted(z.number().int()),
  keyIssues: z.array(keyIssueSchema).readonly(),
  games: z.array(productSchema).readonly(),
  accessories: z.array(productSchema).readonly(),
  /** Where back-issue batches come from: a name and the supplier type. */
  backIssueSources: z.array(z.tuple([z.string(), z.enum(['local_person', 'local_shop', 'auction'])]).readonly()).readonly(),
});

export type DemoSeries = z.infer<typeof seriesSchema>;
export type DemoKeyIssue = z.infer<typeof keyIssueSchema>;
export type DemoProduct = z.infer<typeof productSchema>;

const demo = demoDataSchema.parse(data);

export const DEMO_SERIES = demo.series;
export const DEMO_COVER_ARTISTS = demo.coverArtists;
export const DEMO_NEW_VARIANTS = demo.newVariants;
export const DEMO_BACK_VARIANTS = demo.backVariants;
export const DEMO_NEW_SRPS = demo.newSrps;
export const DEMO_KEY_ISSUES = demo.keyIssues;
export const DEMO_GAMES = demo.games;
export const DEMO_ACCESSORIES = demo.accessories;
export const DEMO_BACK_ISSUE_SOURCES = demo.backIssueSources;
