import { describe, expect, it } from 'vitest';
import { loginSchema, newPasswordRules, resetPasswordSchema, resetRequestSchema, signUpSchema } from './authSchemas.ts';
import { feedbackSchemaFor, guestFeedbackSchema } from './feedbackSchema.ts';

const firstMessage = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('signUpSchema', () => {
  const body = { givenName: 'Jane', familyName: 'Citizen', email: 'Jane@Example.com', password: 'password', passwordConfirm: 'password' };
  it('accepts matching passwords and lower-cases the email', () => {
    expect(signUpSchema.parse({ ...body, tempToken: 't' })).toEqual({ ...body, email: 'jane@example.com', tempToken: 't' });
  });
  it("refuses passwords that don't match", () => {
    const result = signUpSchema.safeParse({ ...body, passwordConfirm: 'other' });
    expect(firstMessage(result)).toBe('Passwords do not match');
    expect(result.error?.issues[0]?.path).toEqual(['passwordConfirm']);
  });
  it('refuses an empty password, a bad email and empty names', () => {
    expect(firstMessage(signUpSchema.safeParse({ ...body, password: '', passwordConfirm: '' }))).toBe('Please enter a password');
    expect(firstMessage(signUpSchema.safeParse({ ...body, email: 'nope' }))).toBe('Invalid email address');
    expect(firstMessage(signUpSchema.safeParse({ ...body, givenName: ' ' }))).toBe('Given name is required');
  });
  it('needs a password of at least 8 characters, as a reset does', () => {
    expect(firstMessage(signUpSchema.safeParse({ ...body, password: 'a', passwordConfirm: 'a' }))).toBe(
      'Password must be at least 8 characters',
    );
    expect(firstMessage(signUpSchema.safeParse({ ...body, password: '1234567', passwordConfirm: '1234567' }))).toBe(
      'Password must be at least 8 characters',
    );
    expect(signUpSchema.safeParse({ ...body, password: '12345678', passwordConfirm: '12345678' }).success).toBe(true);
    expect(firstMessage(signUpSchema.safeParse({ ...body, password: 'x'.repeat(201), passwordConfirm: 'x'.repeat(201) }))).toBe(
      'Password is at most 200 characters',
    );
  });
});

describe('newPasswordRules', () => {
  it('marks each rule the indicators show', () => {
    expect(newPasswordRules('', '')).toEqual({ longEnough: false, matches: false });
    expect(newPasswordRules('a', 'a')).toEqual({ longEnough: false, matches: true });
    expect(newPasswordRules('12345678', '1234567')).toEqual({ longEnough: true, matches: false });
    expect(newPasswordRules('12345678', '12345678')).toEqual({ longEnough: true, matches: true });
  });
});

describe('loginSchema and resetRequestSchema', () => {
  it('need an email and password', () => {
    expect(loginSchema.parse({ email: 'A@b.co', password: 'x' })).toEqual({ email: 'a@b.co', password: 'x' });
    expect(firstMessage(loginSchema.safeParse({ email: 'a@b.co', password: '' }))).toBe('Please enter a password');
    expect(firstMessage(resetRequestSchema.safeParse({ email: '' }))).toBe('Please enter your email address');
  });
});

describe('resetPasswordSchema', () => {
  it('needs at least 8 characters', () => {
    expect(resetPasswordSchema.parse({ resetPasswordToken: 'tok', newPassword: '12345678' }).newPassword).toBe('12345678');
    expect(firstMessage(resetPasswordSchema.safeParse({ resetPasswordToken: 'tok', newPassword: '1234567' }))).toBe(
      'Password must be at least 8 characters',
    );
    expect(firstMessage(resetPasswordSchema.safeParse({ resetPasswordToken: '', newPassword: '12345678' }))).toBe(
      'This reset link is not valid',
    );
  });
});

describe('feedback schemas', () => {
  it('needs an email from a guest', () => {
    expect(firstMessage(guestFeedbackSchema.safeParse({ description: 'hi' }))).toBe('Please enter your email address');
    expect(feedbackSchemaFor(true).parse({ email: 'A@b.co', description: ' hi ' })).toEqual({ email: 'a@b.co', description: 'hi' });
  });
  it('needs no email from a signed-in user', () => {
    expect(feedbackSchemaFor(false).parse({ description: 'hi' })).toEqual({ description: 'hi' });
  });
  it('needs a description of 1 to 2000 characters', () => {
    expect(firstMessage(feedbackSchemaFor(false).safeParse({ description: ' ' }))).toBe('Please enter your feedback');
    expect(firstMessage(feedbackSchemaFor(false).safeParse({ description: 'x'.repeat(2001) }))).toBe('Feedback is at most 2000 characters');
    expect(feedbackSchemaFor(false).safeParse({ description: 'x'.repeat(2000) }).success).toBe(true);
  });
});
