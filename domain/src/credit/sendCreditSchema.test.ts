import { describe, expect, it } from 'vitest';
import { sendCreditSchema } from './sendCreditSchema.ts';

describe('sendCreditSchema', () => {
  it('parses the typed amount to cents', () => {
    expect(sendCreditSchema.parse({ targetUserId: 'u1', amount: '$12.50', description: ' birthday ' })).toEqual({
      targetUserId: 'u1',
      amount: 1250,
      description: 'birthday',
    });
    expect(sendCreditSchema.parse({ targetUserId: 'u1', amount: 5, description: 'x' }).amount).toBe(500);
  });
  it('gives the amount rule as the message', () => {
    const result = sendCreditSchema.safeParse({ targetUserId: 'u1', amount: '12.345', description: 'x' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('The credit amount can have at most 2 decimal places');
  });
  it('needs a target user and a description', () => {
    const result = sendCreditSchema.safeParse({ targetUserId: '', amount: '1', description: '' });
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      'Choose the user to send credit to',
      'Please enter a description for the credit',
    ]);
  });
});
