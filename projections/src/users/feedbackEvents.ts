import type { FeedbackEvent } from '@shop/domain/feedback/feedback';

// The events live in domain beside their decider.
export type { FeedbackEvent, FeedbackSubmitted } from '@shop/domain/feedback/feedback';

export const FEEDBACK_EVENT_TYPES = ['FeedbackSubmitted'] as const satisfies readonly FeedbackEvent['type'][];

export function describeFeedbackEvent(event: FeedbackEvent): string {
  const text = event.data.description.length > 80 ? `${event.data.description.slice(0, 77)}...` : event.data.description;
  return `Sent feedback from ${event.data.email}: "${text}"`;
}
