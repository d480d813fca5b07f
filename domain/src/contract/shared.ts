import { z } from 'zod';

/** Every refusal, and every call that only reports: `{ message }`. */
export const messageAnswer = z.object({ message: z.string() });
export type MessageAnswer = z.infer<typeof messageAnswer>;

/** The refusals a call can answer (4xx and 5xx), all `{ message }`. */
export const refusals = { '4xx': messageAnswer, '5xx': messageAnswer } as const;

export const itemTypeView = z.enum(['comic', 'game', 'accessory']);
export const periodTypeView = z.enum(['new', 'back-issue', 'pre-order', 'vintage']);
export const supplierTypeView = z.enum(['diamond', 'lpg', 'auction', 'local_shop', 'local_person', 'lunar', 'prh']);
export type ItemType = z.infer<typeof itemTypeView>;
export type PeriodType = z.infer<typeof periodTypeView>;
export type SupplierType = z.infer<typeof supplierTypeView>;

/** A path parameter as it arrives: text (the handler reads it with the area's own rules). */
export const idParams = z.object({ id: z.string() });
