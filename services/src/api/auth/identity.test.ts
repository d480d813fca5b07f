import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAccount } from '../../accounts/users.ts';
import { signAccessToken } from '../../auth/tokens.ts';
import { guestTokenHash } from '../../orders/streams.ts';
import { testMetadata } from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/testApp.ts';
import { actorOf, optionalShopper, orderActorOf, requireAdmin, requireShopper, requireUser } from './identity.ts';

let t: TestApp;
let customer: string;
let admin: string;
let adminId: string;

beforeAll(async () => {
  t = await createTestApp({}, { queues: false });
  const c = await registerAccount(
    t.ctx,
    { email: 'customer@example.com', givenName: 'Cus', familyName: 'Tomer', passwordHash: 'x' },
    testMetadata(),
  );
  const a = await registerAccount(
    t.ctx,
    { email: 'boss@example.com', givenName: 'The', familyName: 'Boss', passwordHash: 'x', admin: true },
    testMetadata(),
  );
  customer = signAccessToken(t.ctx.config.JWT_SECRET, { sub: c.userId, email: 'customer@example.com' });
  admin = signAccessToken(t.ctx.config.JWT_SECRET, { sub: a.userId, email: 'boss@example.com' });
  adminId = a.userId;
});
afterAll(async () => {
  await t?.close();
});

const request = (bearer: string | null, body: unknown = {}) =>
  ({ headers: bearer ? { authorization: `Bearer ${bearer}` } : {}, body }) as unknown as FastifyRequest;
const status = (p: Promise<unknown>) =>
  p.then(
    () => 200,
    (e: { status?: number }) => e.status,
  );

describe('request identity', () => {
  it('requireAdmin: 401 without a valid token, 403 for a customer, the admin otherwise', async () => {
    expect(await status(requireAdmin(t.ctx, request(null)))).toBe(401);
    expect(await status(requireAdmin(t.ctx, request('forged.token.here')))).toBe(401);
    expect(await status(requireAdmin(t.ctx, request(signAccessToken('another-secret-of-some-length', { sub: adminId, email: '' }))))).toBe(
      401,
    );
    expect(await status(requireAdmin(t.ctx, request(signAccessToken(t.ctx.config.JWT_SECRET, { sub: 'no-such-user', email: '' }))))).toBe(
      401,
    );
    expect(await status(requireAdmin(t.ctx, request(customer)))).toBe(403);
    const identity = await requireAdmin(t.ctx, request(admin));
    expect(identity).toMatchObject({ kind: 'user', userId: adminId, admin: true, email: 'boss@example.com', name: 'The Boss' });
    expect(actorOf(identity)).toEqual({ kind: 'user', userId: adminId, email: 'boss@example.com', name: 'The Boss' });
    expect(JSON.stringify(actorOf(identity))).not.toContain('passwordHash');
  });

  it('a shopper is the bearer token’s user, else a guest by the temp token (hashed), else refused', async () => {
    const temp = 'a-temp-token-long-enough';
    expect(await requireUser(t.ctx, request(customer))).toMatchObject({ kind: 'user', admin: false });
    const guest = await requireShopper(t.ctx, request(null, { tempAuthorisation: temp }));
    expect(guest).toEqual({ kind: 'guest', tokenHash: guestTokenHash(temp) });
    expect(orderActorOf(guest)).toEqual({ kind: 'guest', token: guestTokenHash(temp) });
    expect(actorOf(guest)).toEqual({ kind: 'guest' });
    expect(await status(requireShopper(t.ctx, request(null, { tempAuthorisation: 'short' })))).toBe(401);
    expect(await status(requireShopper(t.ctx, request('expired', { tempAuthorisation: temp })))).toBe(401);
    expect(await optionalShopper(t.ctx, request(null, {}))).toBeNull();
    expect(await optionalShopper(t.ctx, request('expired', { tempAuthorisation: temp }))).toMatchObject({ kind: 'guest' });
  });
});
