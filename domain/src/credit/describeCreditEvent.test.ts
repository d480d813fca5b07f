import { describe, expect, it } from 'vitest';
import { describeCreditEvent } from './describeCreditEvent.ts';

describe('describeCreditEvent', () => {
  it('describes each event in plain words', () => {
    expect(describeCreditEvent({ type: 'CreditGranted', data: { amountCents: 1000, description: 'birthday', grantedBy: 'a' } })).toBe(
      'Sent $10.00 credit: birthday',
    );
    expect(describeCreditEvent({ type: 'CreditUsed', data: { orderId: 'o', orderPublicId: 1042, amountCents: 550 } })).toBe(
      'Used $5.50 credit on order 1042',
    );
    expect(describeCreditEvent({ type: 'CreditCarriedForward', data: { orderId: 'o', orderPublicId: 1042, amountCents: 25 } })).toBe(
      'Carried $0.25 credit forward from order 1042',
    );
  });
});
