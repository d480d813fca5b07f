import { describe, expect, it } from 'vitest';
import { carriesSecret, streamHistoryEntryView } from './admin.ts';

const entry = (state: unknown) => ({
  version: 1,
  type: 'UserRegistered',
  createdAt: '2026-01-01T00:00:00.000Z',
  userName: 'Ada',
  userEmail: 'ada@example.com',
  description: 'Registered',
  state,
});

describe('the stream history contract', () => {
  it('refuses a replayed state that carries a password hash or a token, at any depth', () => {
    expect(streamHistoryEntryView.safeParse(entry({ email: 'a@example.com', passwordHash: '$argon2id$x' })).success).toBe(false);
    expect(streamHistoryEntryView.safeParse(entry({ owner: { kind: 'guest', token: 'abc' } })).success).toBe(false);
    expect(streamHistoryEntryView.safeParse(entry({ resets: [{ resetTokenHash: 'abc' }] })).success).toBe(false);
  });

  it('takes a state without secrets', () => {
    expect(streamHistoryEntryView.safeParse(entry({ email: 'a@example.com', admin: false, lines: [{ quantity: 2 }] })).success).toBe(true);
    expect(carriesSecret(null)).toBe(false);
  });
});
