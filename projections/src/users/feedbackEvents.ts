import type { DomainEvent } from '@shop/domain/shared/events';

/**
 * Feedback from the storefront's dialog, one stream per message (`feedback-{feedbackId}`).
 * (Defined here because the domain has no feedback module yet; it belongs in domain/src/users.)
 */
export type FeedbackSubmitted = DomainEvent<
  'FeedbackSubmitted',
  {
    feedbackId: string;
    /** Lower-cased; a signed-in user's is taken from the account. */
    email: string;
    description: string;
    /** The signed-in user who sent it, or null for a guest. */
    userId: string | null;
  }
>;
export type FeedbackEvent = FeedbackSubmitted;

export const FEEDBACK_EVENT_TYPES = ['FeedbackSubmitted'] as const satisfies readonly FeedbackEvent['type'][];

export function describeFeedbackEvent(event: FeedbackEvent): string {
  const text = event.data.description.length > 80 ? `${event.data.description.slice(0, 77)}...` : event.data.description;
  return `Sent feedback from ${event.data.email}: "${text}"`;
}
