import { describe, it } from 'vitest';
import { deciderSpec } from '../testing/deciderSpec.ts';
import { feedbackDecider, type FeedbackSubmitted } from './feedback.ts';

const submitted: FeedbackSubmitted = {
  type: 'FeedbackSubmitted',
  data: { feedbackId: 'f1', email: 'reader@example.com', description: 'More Saga', userId: null },
};

describe('feedback decider', () => {
  const spec = deciderSpec(feedbackDecider);

  it('records a message with its email lower-cased', () => {
    spec
      .given([])
      .when({ type: 'SubmitFeedback', data: { ...submitted.data, email: ' Reader@Example.com ' } })
      .then([submitted]);
  });

  it('refuses the same message twice', () => {
    spec
      .given([submitted])
      .when({ type: 'SubmitFeedback', data: submitted.data })
      .thenThrows(/already sent/, 'conflict');
  });
});
