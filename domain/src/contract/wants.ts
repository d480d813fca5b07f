import { z } from 'zod';
import { wantInputSchema } from '../wants/wantList.ts';
import { idParams, refusals } from './shared.ts';

/** A want as the want-list calls answer it (issue 18): only the fields it has. */
export const wantView = z.object({
  _id: z.string(),
  seriesId: z.string().optional(),
  title: z.string().optional(),
  issueNumber: z.string().optional(),
  gradeMin: z.number().optional(),
  stockId: z.string().optional(),
  createdAt: z.string(),
});
export type WantView = z.infer<typeof wantView>;

export const wantListAnswer = z.object({ wants: z.array(wantView) });
export type WantListAnswer = z.infer<typeof wantListAnswer>;

/** One line of the admin's demand screen: the wants for one series or title and issue, or for one item. */
export const wantDemandLine = z.object({
  seriesId: z.string().nullable(),
  /** The series' title for a series want, else the title wanted. */
  title: z.string().nullable(),
  issueNumber: z.string().nullable(),
  stockId: z.string().nullable(),
  /** The item's name, for "Notify me" wants (null when the item is gone). */
  itemName: z.string().nullable(),
  /** Wants (customers) asking. */
  wants: z.number().int(),
  /** The lowest minimum grade asked, null when some accept any grade. */
  gradeMin: z.number().nullable(),
  /** When the newest of them was added. */
  latest: z.string(),
});
export type WantDemandLine = z.infer<typeof wantDemandLine>;
export const wantDemandAnswer = z.object({ demand: z.array(wantDemandLine) });
export type WantDemandAnswer = z.infer<typeof wantDemandAnswer>;

export const wantCalls = {
  list: { response: { 200: wantListAnswer, ...refusals } },
  add: { body: wantInputSchema, response: { 201: wantListAnswer, ...refusals } },
  remove: { params: idParams, response: { 200: wantListAnswer, ...refusals } },
  demand: { response: { 200: wantDemandAnswer, ...refusals } },
} as const;
