import { describe, expect, it } from 'vitest';
import { describeEvent, isAudited } from './describeEvent.ts';

describe('describeEvent', () => {
  it('uses the registered describer', () => {
    expect(describeEvent({ type: 'SiteSettingsSaved', data: { changes: { hideGames: false }, previous: { hideGames: true } } })).toBe(
      'Changed site settings: hide games from true to false',
    );
  });

  it('describes the events of every stream from domain alone (no projector loaded first)', () => {
    expect(describeEvent({ type: 'FeedbackSubmitted', data: { email: 'a@b.c', description: 'Hi' } })).toBe(
      'Sent feedback from a@b.c: "Hi"',
    );
    expect(describeEvent({ type: 'OrderPosted', data: {} })).not.toBe('Order posted');
  });

  it('falls back to the type in plain words, and never throws on data it cannot read', () => {
    expect(describeEvent({ type: 'FeedbackSubmitted', data: null })).toBe('Feedback submitted');
    expect(describeEvent({ type: 'SomethingNewHappened', data: null })).toBe('Something new happened');
  });

  it('leaves a shopper’s recorded search out of the audit history, and nothing else', () => {
    expect(isAudited('OrderSearchRecorded')).toBe(false);
    for (const type of ['OrderStarted', 'OrderCompleted', 'StockItemEdited', 'CreditGranted', 'SomethingNewHappened']) {
      expect(isAudited(type)).toBe(true);
    }
  });
});
