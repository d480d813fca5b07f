import jwt from 'jsonwebtoken';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dummyPasswordHash, hashPassword, hashResetToken, newResetToken, verifyPassword } from './passwords.ts';
import { signAccessToken, verifyAccessToken } from './tokens.ts';

const secret = 'a-test-secret-of-enough-length';

describe('access tokens', () => {
  it('round-trips the user id', () => {
    const token = signAccessToken(secret, { sub: 'u1', email: 'a@b.au' });
    expect(verifyAccessToken(secret, token)).toEqual({ sub: 'u1', email: 'a@b.au' });
  });

  it('rejects tampered, foreign, unsigned and expired tokens', () => {
    const token = signAccessToken(secret, { sub: 'u1', email: 'a@b.au' });
    expect(verifyAccessToken('another-secret-of-enough-length', token)).toBeNull();
    expect(verifyAccessToken(secret, token.slice(0, -2) + 'xx')).toBeNull();
    expect(verifyAccessToken(secret, jwt.sign({ sub: 'u1' }, secret, { issuer: 'elsewhere' }))).toBeNull();
    expect(verifyAccessToken(secret, jwt.sign({ sub: 'u1' }, secret, { issuer: 'comicshop', expiresIn: -10 }))).toBeNull();
    expect(verifyAccessToken(secret, 'garbage')).toBeNull();
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('answers a token verified before until it expires, and never for another secret', () => {
    vi.useFakeTimers({ now: new Date('2026-11-29T06:00:00Z') });
    const token = jwt.sign({ email: 'a@b.au' }, secret, { subject: 'u2', issuer: 'comicshop', expiresIn: 60 });
    const verify = vi.spyOn(jwt, 'verify');
    expect(verifyAccessToken(secret, token)).toEqual({ sub: 'u2', email: 'a@b.au' });
    vi.setSystemTime(new Date('2026-11-29T06:00:59Z'));
    expect(verifyAccessToken(secret, token)).toEqual({ sub: 'u2', email: 'a@b.au' });
    expect(verify).toHaveBeenCalledTimes(1);
    expect(verifyAccessToken('another-secret-of-enough-length', token)).toBeNull();
    vi.setSystemTime(new Date('2026-11-29T06:01:00Z'));
    expect(verifyAccessToken(secret, token)).toBeNull();
  });
});

describe('passwords', () => {
  it('hashes with argon2id and verifies', async () => {
    const h = await hashPassword('correct horse');
    expect(h).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(h, 'correct horse')).toBe(true);
    expect(await verifyPassword(h, 'wrong')).toBe(false);
    expect(await verifyPassword('not a hash', 'x')).toBe(false);
    expect(await dummyPasswordHash()).toMatch(/^\$argon2id\$/);
  });

  it('keeps only a hash of reset tokens', () => {
    const { token, tokenHash } = newResetToken();
    expect(token.length).toBeGreaterThanOrEqual(40);
    expect(hashResetToken(token)).toBe(tokenHash);
    expect(tokenHash).not.toContain(token);
  });
});
