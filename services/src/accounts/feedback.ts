import { randomUUID } from 'node:crypto';
import type { EventMetadata } from '@shop/domain/shared/events';
import type { FeedbackSubmitted } from '@shop/projections/users/feedbackEvents';
import type { Deps } from '../deps/deps.ts';
import type { Identity } from '../api/auth/identity.ts';
import { streamId } from '../eventstore/streamIds.ts';

export const FEEDBACK_THANKS_MESSAGE = 'Thank you for your feedback.';

/** The body's schema for the caller: guests need an email, signed-in users do not. */
export { feedbackSchemaFor } from '@shop/domain/users/index';

/**
 * POST /api/add-feedback: "guests must enter an email"; a signed-in user's email is taken from the
 * account (any email in the body is ignored). One stream per message, `feedback-{id}`.
 */
export async function submitFeedback(
  ctx: Deps,
  identity: Identity | null,
  parsed: { email?: string; description: string },
  metadata: EventMetadata,
): Promise<string> {
  const feedbackId = randomUUID();
  const event: FeedbackSubmitted = {
    type: 'FeedbackSubmitted',
    data: {
      feedbackId,
      email: identity?.kind === 'user' ? identity.email : (parsed.email ?? '').trim().toLowerCase(),
      description: parsed.description,
      userId: identity?.kind === 'user' ? identity.userId : null,
    },
  };
  await ctx.store.append(streamId('feedback', feedbackId), 'feedback', [{ ...event, metadata }], 'no_stream');
  return FEEDBACK_THANKS_MESSAGE;
}
