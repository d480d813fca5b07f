import { DomainError, type Decider } from '../shared/decider.ts';
import type { DomainEvent } from '../shared/events.ts';

/** Feedback from the storefront's dialog, one stream per message (`feedback-{feedbackId}`). */
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

export interface SubmitFeedback {
  type: 'SubmitFeedback';
  data: FeedbackSubmitted['data'];
}

export const feedbackDecider: Decider<SubmitFeedback, FeedbackEvent, { submitted: boolean }> = {
  streamType: 'feedback',
  initialState: () => ({ submitted: false }),
  decide(command, state) {
    if (state.submitted) throw new DomainError('This feedback was already sent', 'conflict');
    return [{ type: 'FeedbackSubmitted', data: { ...command.data, email: command.data.email.trim().toLowerCase() } }];
  },
  evolve: () => ({ submitted: true }),
};

export const FEEDBACK_EVENT_TYPES = ['FeedbackSubmitted'] as const satisfies readonly FeedbackEvent['type'][];

/** Plain words for the audit history. */
export function describeFeedbackEvent(event: FeedbackEvent): string {
  const text = event.data.description.length > 80 ? `${event.data.description.slice(0, 77)}...` : event.data.description;
  return `Sent feedback from ${event.data.email}: "${text}"`;
}
