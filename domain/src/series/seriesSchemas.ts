/** zod schemas of the series calls' inputs. Every message names the field and the rule it broke. */
import { z } from 'zod';
import { entityIdSchema, requiredTextSchema, textSchema, wholeNumberSchema } from '../catalogue/schemas.ts';
import { MAX_SHELF_COPIES } from './series.ts';

/** Series a page of /api/series answers. */
export const SERIES_PAGE_SIZE = 50;

/** A volume number (1..99) or a start year (1900..2100); null or '' when unknown. */
export const seriesVolumeSchema = z.preprocess(
  (v) => (v === '' ? null : v),
  wholeNumberSchema('Volume', 1, 2100)
    .refine((n) => (n as number) <= 99 || (n as number) >= 1900, 'Volume must be a volume number (1 to 99) or a start year (1900 to 2100)')
    .nullable(),
);

/** GET /series?term=&page= (and the admin's list): a term of the title, any case; pages of SERIES_PAGE_SIZE. */
export const seriesQuerySchema = z.object({
  term: textSchema('Term', 100).default(''),
  page: wholeNumberSchema('Page', 1, 10_000).default(1),
});
export type SeriesQuery = z.output<typeof seriesQuerySchema>;

export const seriesIdParams = z.object({ id: entityIdSchema });

/** PUT /edit-series/{id}: any of title, publisher, volume. */
export const seriesEditSchema = z
  .object({
    title: requiredTextSchema('Title', 120).refine((title) => /[\p{L}\p{N}]/u.test(title), 'Title must have a letter or a digit'),
    publisher: textSchema('Publisher', 100),
    volume: seriesVolumeSchema,
  })
  .partial();
export type SeriesEdit = z.output<typeof seriesEditSchema>;

/** POST /merge-series/{id}: the series this one joins. */
export const seriesMergeSchema = z.object({ intoSeriesId: entityIdSchema });

/** PUT /series-shelf/{id}: copies of each new issue ordered for the shelf. */
export const seriesShelfSchema = z.object({ shelfCopies: wholeNumberSchema('Shelf copies', 0, MAX_SHELF_COPIES) });
