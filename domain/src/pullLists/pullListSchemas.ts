import { z } from 'zod';
import { calendarDateSchema } from '../catalogue/schemas.ts';
import { MAX_PULL_QUANTITY, MIN_PULL_QUANTITY } from './pullList.ts';

/** PUT /pull-list/{seriesId}: how many copies of each issue, and which covers. */
export const subscribeBodySchema = z.object({
  quantity: z
    .number({ invalid_type_error: 'Quantity must be a number', required_error: 'Quantity is required' })
    .int('Quantity must be a whole number')
    .min(MIN_PULL_QUANTITY, `Quantity must be from ${MIN_PULL_QUANTITY} to ${MAX_PULL_QUANTITY}`)
    .max(MAX_PULL_QUANTITY, `Quantity must be from ${MIN_PULL_QUANTITY} to ${MAX_PULL_QUANTITY}`),
  covers: z.enum(['all', 'main'], { errorMap: () => ({ message: "Covers must be 'all' or 'main'" }) }),
});
export type SubscribeBody = z.infer<typeof subscribeBodySchema>;

export const pullListSeriesParams = z.object({ seriesId: z.string().min(1).max(200) });
export const pullListStockParams = z.object({ stockId: z.string().min(1).max(200) });
export const pullListUserParams = z.object({ userId: z.string().min(1).max(200) });

/** The distributors an order worksheet is made for (an item's distributor is its supplier type). */
export const FOC_DISTRIBUTORS = ['lunar', 'prh', 'diamond'] as const;
export type FocDistributor = (typeof FOC_DISTRIBUTORS)[number];
export const FOC_DISTRIBUTOR_LABELS: Readonly<Record<FocDistributor, string>> = {
  lunar: 'Lunar',
  prh: 'Penguin Random House',
  diamond: 'Diamond',
};

/** A required calendar day 'YYYY-MM-DD' (a real day). */
export const focDateSchema = calendarDateSchema('date').refine((value): value is string => value !== null, 'date is required');

/** GET /admin-foc?date=&distributor= (and its export). */
export const focQuerySchema = z.object({
  date: focDateSchema,
  distributor: z.enum(FOC_DISTRIBUTORS, { errorMap: () => ({ message: 'distributor must be lunar, prh or diamond' }) }),
});
export type FocQuery = z.infer<typeof focQuerySchema>;

/** PUT /admin-foc: the admin's totals (null: back to the suggested total). */
export const focAdjustBodySchema = focQuerySchema.extend({
  totals: z
    .array(
      z.object({
        stockId: z.string().min(1).max(200),
        total: z
          .number({ invalid_type_error: 'A total must be a number' })
          .int('A total must be a whole number')
          .min(0)
          .max(9999)
          .nullable(),
      }),
    )
    .min(1, 'Send at least one total')
    .max(2000),
});
export type FocAdjustBody = z.infer<typeof focAdjustBodySchema>;

/** POST /admin-pull-list-release: release a batch's reservations into customers' orders. */
export const releaseBatchBodySchema = z.object({
  batchId: z.string({ required_error: 'batchId is required' }).trim().min(1, 'batchId is required').max(200),
});
