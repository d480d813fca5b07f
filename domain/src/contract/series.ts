import { z } from 'zod';
import { seriesEditSchema, seriesIdParams, seriesMergeSchema, seriesQuerySchema, seriesShelfSchema } from '../series/seriesSchemas.ts';
import { comicView } from './catalogue.ts';
import { refusals } from './shared.ts';

/** A series as the storefront sees it. `volume` is a volume number (1..99) or a start year (1900..2100). */
export const seriesView = z.object({
  _id: z.string(),
  title: z.string(),
  publisher: z.string(),
  volume: z.number().int().nullable(),
  /** Distinct issue numbers the shop has listed (covers and printings of one issue count once). */
  issueCount: z.number().int(),
});
export type SeriesView = z.infer<typeof seriesView>;

/** A series as the admin sees it: with the copies of each new issue ordered for the shelf. */
export const adminSeriesView = seriesView.extend({ shelfCopies: z.number().int() });
export type AdminSeriesView = z.infer<typeof adminSeriesView>;

export const seriesListAnswer = z.object({ series: z.array(seriesView), total: z.number().int() });
export type SeriesListAnswer = z.infer<typeof seriesListAnswer>;

/** GET /series/{id}: the series (the one it was merged into, for a merged id) and its issues, newest first. */
export const seriesPageAnswer = z.object({ series: seriesView, issues: z.array(comicView) });
export type SeriesPageAnswer = z.infer<typeof seriesPageAnswer>;

export const adminSeriesListAnswer = z.object({ series: z.array(adminSeriesView), total: z.number().int() });
export type AdminSeriesListAnswer = z.infer<typeof adminSeriesListAnswer>;
export const adminSeriesAnswer = z.object({ series: adminSeriesView, message: z.string() });
export type AdminSeriesAnswer = z.infer<typeof adminSeriesAnswer>;

export type SeriesEditBody = z.input<typeof seriesEditSchema>;

/** The series calls: the storefront's search and page, and the admin's list, edit, merge and shelf default. */
export const seriesCalls = {
  seriesList: { querystring: seriesQuerySchema, response: { 200: seriesListAnswer, ...refusals } },
  seriesPage: { params: seriesIdParams, response: { 200: seriesPageAnswer, ...refusals } },
  adminSeriesList: { querystring: seriesQuerySchema, response: { 200: adminSeriesListAnswer, ...refusals } },
  editSeries: { params: seriesIdParams, body: seriesEditSchema, response: { 200: adminSeriesAnswer, ...refusals } },
  mergeSeries: { params: seriesIdParams, body: seriesMergeSchema, response: { 200: adminSeriesAnswer, ...refusals } },
  setSeriesShelf: { params: seriesIdParams, body: seriesShelfSchema, response: { 200: adminSeriesAnswer, ...refusals } },
} as const;
