import { describe, expect, it } from 'vitest';
import { resetPasswordRules, signUpConfirmValid } from './password-rules';

describe('passwords', () => {
  it('reset needs 8 characters and a match', () => {
    expect(resetPasswordRules('short', 'short')).toEqual({ longEnough: false, matches: true });
    expect(resetPasswordRules('longenough', 'longenougH')).toEqual({ longEnough: true, matches: false });
  });
  it('sign-up confirm must be non-empty and equal', () => {
    expect(signUpConfirmValid('', '')).toBe(false);
    expect(signUpConfirmValid('a', 'a')).toBe(true);
  });
});
