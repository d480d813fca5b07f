import { z } from 'zod';
import { DomainError } from '../shared/decider.ts';
import { MAX_CREDIT_DESCRIPTION } from './credit.ts';
import { parseCreditAmount } from './money.ts';

/** Body of POST /api/user-send-credit: targetUserId, amount (typed as text), description. */
export const sendCreditSchema = z.object({
  targetUserId: z.string().trim().min(1, 'Choose the user to send credit to'),
  amount: z
    .union([z.string(), z.number().transform(String)], {
      errorMap: () => ({ message: 'Enter the credit amount in dollars, for example 12.50' }),
    })
    .transform((text, ctx) => {
      try {
        return parseCreditAmount(text);
      } catch (e) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: e instanceof DomainError ? e.message : String(e) });
        return z.NEVER;
      }
    }),
  description: z
    .string()
    .trim()
    .min(1, 'Please enter a description for the credit')
    .max(MAX_CREDIT_DESCRIPTION, `The description is at most ${MAX_CREDIT_DESCRIPTION} characters`),
});
export type SendCreditBody = z.input<typeof sendCreditSchema>;
/** amount is integer cents after parsing. */
export type SendCredit = z.output<typeof sendCreditSchema>;
