import { z } from 'zod';
import { emailSchema } from './authSchemas.ts';

export const MAX_FEEDBACK_LENGTH = 2000;

const description = z
  .string({ required_error: 'Please enter your feedback' })
  .trim()
  .min(1, 'Please enter your feedback')
  .max(MAX_FEEDBACK_LENGTH, `Feedback is at most ${MAX_FEEDBACK_LENGTH} characters`);

/**
 * POST /api/add-feedback from a signed-in user: the email is taken from the account, so any email
 * in the body is ignored by the handler.
 */
export const feedbackSchema = z.object({ email: z.string().optional(), description });

/** POST /api/add-feedback from a guest. Rule: "guests must enter an email". */
export const guestFeedbackSchema = z.object({ email: emailSchema, description });

export type FeedbackBody = z.output<typeof guestFeedbackSchema>;

/** The schema for the caller: guests need an email, signed-in users do not. */
export const feedbackSchemaFor = (isGuest: boolean) => (isGuest ? guestFeedbackSchema : feedbackSchema);
