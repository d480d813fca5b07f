// The events, their types and their plain words live in domain beside the decider.
export { describeFeedbackEvent, FEEDBACK_EVENT_TYPES } from '@shop/domain/feedback/feedback';
export type { FeedbackEvent, FeedbackSubmitted } from '@shop/domain/feedback/feedback';
