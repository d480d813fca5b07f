import type { EventMetadata } from '@shop/domain/shared/events';
import { feedbackDecider } from '@shop/domain/feedback/feedback';
import { handle } from '../commands/handle.ts';
import type { Deps } from '../deps/deps.ts';
import type { Identity } from './actor.ts';
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
  const feedbackId = ctx.ids();
  const command = {
    type: 'SubmitFeedback' as const,
    data: {
      feedbackId,
      email: identity?.kind === 'user' ? identity.email : (parsed.email ?? '').trim().toLowerCase(),
      description: parsed.description,
      userId: identity?.kind === 'user' ? identity.userId : null,
    },
  };
  await handle(ctx, feedbackDecider, streamId('feedback', feedbackId), command, metadata);
  return FEEDBACK_THANKS_MESSAGE;
}
