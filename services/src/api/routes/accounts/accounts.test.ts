import { userDecider } from '@shop/domain/users/index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailReservationStreamId, userStreamId } from '../../../accounts/users.ts';
import { hashResetToken } from '../../../auth/passwords.ts';
import { loadStream } from '../../../commands/loadStream.ts';
import { handle } from '../../../commands/handle.ts';
import { ensureAdmin } from '../../../main/setup/ensureAdmin.ts';
import { addStock, call, emailJobs, home, newTempToken, settleAll } from '../../../orders/testKit.ts';
import { emailFor } from '../../../reactors/emailReactor.ts';
import { testMetadata } from '../../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../../testing/testApp.ts';
import { TOO_MANY_ATTEMPTS_MESSAGE } from './index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

let ipCounter = 0;
/** Each test speaks from its own address, so the rate limits of one never touch another. */
const newIp = () => `10.9.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

type User = {
  _id: string;
  email: string;
  admin: boolean;
  addresses: { _id: string; addressLine1: string }[];
  showCollateAddresses: boolean;
};
const signUpBody = (email: string, extra: Record<string, unknown> = {}) => ({
  givenName: 'Jane',
  familyName: 'Citizen',
  email,
  password: 'correct horse',
  passwordConfirm: 'correct horse',
  ...extra,
});
const signUp = (email: string, extra: Record<string, unknown> = {}, ip = newIp()) =>
  call(t.app, 'POST', '/api/sign-up-user', { body: signUpBody(email, extra), ip });
const login = (email: string, password: string, extra: Record<string, unknown> = {}, ip = newIp()) =>
  call(t.app, 'POST', '/api/login', { body: { email, password, ...extra }, ip });
const guestOrder = async (token: string) =>
  (await call(t.app, 'POST', '/api/current-order', { body: { tempAuthorisation: token } })).body.order as {
    _id: string;
    orderItems: { _id: string; quantity: number }[];
  };
const userOrder = async (bearer: string) =>
  (await call(t.app, 'GET', '/api/current-order', { token: bearer })).body.order as {
    _id: string;
    orderItems: { _id: string; quantity: number }[];
  };

describe('sign-up', () => {
  it('answers 201 with the user (never a password hash) and an access token that works at once', async () => {
    const res = await signUp(' Jane.New@Example.com ');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      user: {
        email: 'jane.new@example.com',
        givenName: 'Jane',
        familyName: 'Citizen',
        admin: false,
        localPickup: false,
        addresses: [],
        showCollateAddresses: true,
      },
      authorisationKey: expect.any(String),
      message: 'You have successfully signed up and should now be logged in.',
    });
    expect(Object.keys(res.body.user as object).sort()).toEqual([
      '_id',
      'addresses',
      'admin',
      'email',
      'familyName',
      'givenName',
      'localPickup',
      'showCollateAddresses',
    ]);
    expect(JSON.stringify(res.body)).not.toMatch(/argon2|passwordHash/);
    const order = await call(t.app, 'GET', '/api/current-order', { token: res.body.authorisationKey as string });
    expect(order.status).toBe(200);

    // The welcome email: the email reactor makes it from UserRegistered (signed by the new user).
    const userId = (res.body.user as User)._id;
    const [registered] = await t.ctx.store.readStream(userStreamId(userId));
    expect(registered?.metadata.actor).toMatchObject({ kind: 'user', userId });
    expect(await emailFor(t.ctx.store, t.ctx.config, registered!)).toMatchObject({ template: 'welcome', to: 'jane.new@example.com' });

    await settleAll(t);
    const row = await t.ctx.db.selectFrom('users').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ email: 'jane.new@example.com', given_name: 'Jane', admin: false, addresses: [] });
    expect(JSON.stringify(row)).not.toMatch(/argon2/);
  });

  it('refuses a taken email (any case), mismatched passwords and missing fields with a clear message, changing nothing', async () => {
    expect((await signUp('taken@example.com')).status).toBe(201);
    expect(await signUp('TAKEN@example.com')).toMatchObject({
      status: 409,
      body: { message: 'An account with this email already exists. Please log in instead.' },
    });
    expect(await signUp('other@example.com', { passwordConfirm: 'something else' })).toMatchObject({
      status: 400,
      body: { message: 'Passwords do not match' },
    });
    expect(await signUp('other@example.com', { givenName: ' ' })).toMatchObject({
      status: 400,
      body: { message: 'Given name is required' },
    });
    expect(await signUp('not-an-email')).toMatchObject({ status: 400, body: { message: 'Invalid email address' } });
    expect(await signUp('other@example.com', { password: '', passwordConfirm: '' })).toMatchObject({
      status: 400,
      body: { message: 'Please enter a password' },
    });
    expect(await signUp('other@example.com', { password: 'a', passwordConfirm: 'a' })).toMatchObject({
      status: 400,
      body: { message: 'Password must be at least 8 characters' },
    });
    expect(await signUp('other@example.com', { password: '1234567', passwordConfirm: '1234567' })).toMatchObject({
      status: 400,
      body: { message: 'Password must be at least 8 characters' },
    });
    expect(await t.ctx.store.readStream(emailReservationStreamId('other@example.com'))).toEqual([]);
  });

  it('gives an email to exactly one of several sign-ups racing for it', async () => {
    const results = await Promise.all([1, 2, 3].map(() => signUp('racing@example.com')));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
  });
});

describe('login', () => {
  it('answers the user, a token and a message; one message for a wrong password or an unknown email', async () => {
    await signUp('login@example.com');
    const ok = await login('LOGIN@example.com', 'correct horse');
    expect(ok).toMatchObject({
      status: 200,
      body: { user: { email: 'login@example.com' }, authorisationKey: expect.any(String), message: 'You are now logged in.' },
    });
    expect(await login('login@example.com', 'wrong horse')).toMatchObject({ status: 401, body: { message: 'Wrong email or password' } });
    expect(await login('nobody@example.com', 'correct horse')).toMatchObject({ status: 401, body: { message: 'Wrong email or password' } });
    expect(await login('login@example.com', '')).toMatchObject({ status: 400, body: { message: 'Please enter a password' } });
  });

  it('is rate limited per address and email with a clear 429', async () => {
    await signUp('limited@example.com');
    const ip = newIp();
    for (let i = 0; i < 10; i++) expect((await login('limited@example.com', 'wrong horse', {}, ip)).status).toBe(401);
    expect(await login('limited@example.com', 'correct horse', {}, ip)).toMatchObject({
      status: 429,
      body: { message: TOO_MANY_ATTEMPTS_MESSAGE },
    });
    // Another address is not held back.
    expect((await login('limited@example.com', 'correct horse')).status).toBe(200);
  });
});

describe("a guest's order follows them into the account", () => {
  it('on sign-up the guest order becomes the account order', async () => {
    const item = await addStock(t.ctx, { mainDescription: 'Guest Comic #1', number: 3, price: 500 });
    await settleAll(t);
    const tempToken = newTempToken();
    const guest = await guestOrder(tempToken);
    await call(t.app, 'PUT', `/api/update-order/${guest._id}`, {
      body: { _id: guest._id, orderItems: [{ _id: item, quantity: 2 }], tempAuthorisation: tempToken },
    });
    const res = await signUp('claimer@example.com', { tempToken });
    const order = await userOrder(res.body.authorisationKey as string);
    expect(order._id).toBe(guest._id);
    expect(order.orderItems).toEqual([expect.objectContaining({ _id: item, quantity: 2 })]);
    // The guest's token no longer reaches it.
    expect((await guestOrder(tempToken))._id).not.toBe(guest._id);
    expect(
      (
        await call(t.app, 'PUT', `/api/update-order/${guest._id}`, {
          body: { _id: guest._id, orderItems: [], tempAuthorisation: tempToken },
        })
      ).status,
    ).toBe(404);
  });

  it('on login the guest lines are merged into the account current order', async () => {
    const a = await addStock(t.ctx, { mainDescription: 'Merge A', number: 3, price: 500 });
    const b = await addStock(t.ctx, { mainDescription: 'Merge B', number: 3, price: 700 });
    await settleAll(t);
    const account = await signUp('merger@example.com');
    const bearer = account.body.authorisationKey as string;
    const mine = await userOrder(bearer);
    await call(t.app, 'PUT', `/api/update-order/${mine._id}`, {
      body: { _id: mine._id, orderItems: [{ _id: a, quantity: 1 }] },
      token: bearer,
    });

    const tempToken = newTempToken();
    const guest = await guestOrder(tempToken);
    await call(t.app, 'PUT', `/api/update-order/${guest._id}`, {
      body: {
        _id: guest._id,
        orderItems: [
          { _id: b, quantity: 1 },
          { _id: a, quantity: 1 },
        ],
        tempAuthorisation: tempToken,
      },
    });
    const res = await login('merger@example.com', 'correct horse', { tempToken });
    expect(res.status).toBe(200);
    const merged = await userOrder(bearer);
    expect(merged._id).toBe(mine._id);
    expect(merged.orderItems.map((l) => [l._id, l.quantity]).sort()).toEqual(
      [
        [a, 2],
        [b, 1],
      ].sort(),
    );
    expect((await guestOrder(tempToken))._id).not.toBe(guest._id);
    // Logging in again with the same token changes nothing.
    await login('merger@example.com', 'correct horse', { tempToken });
    expect((await userOrder(bearer)).orderItems.map((l) => l.quantity).sort()).toEqual([1, 2]);
  });
});

describe('password reset', () => {
  const requestReset = (email: string, ip = newIp()) => call(t.app, 'POST', '/api/get-reset-password-token', { body: { email }, ip });
  async function resetLink(email: string): Promise<string> {
    for (let i = 0; i < 100; i++) {
      const job = (await emailJobs(t.ctx, 'passwordReset')).find((j) => j.data.to === email);
      if (job) return job.data.data.resetUrl as string;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error('no reset email queued');
  }

  it('answers the same whether or not the email has an account, and emails a single-use link', async () => {
    await signUp('forgot@example.com');
    const known = await requestReset('forgot@example.com');
    const unknown = await requestReset('never@example.com');
    expect(known).toEqual({ status: 200, body: { message: 'Please check your emails and follow instructions' } });
    expect(unknown).toEqual(known);
    expect(await requestReset('nope')).toMatchObject({ status: 400, body: { message: 'Invalid email address' } });

    const url = await resetLink('forgot@example.com');
    expect(url.startsWith(`${t.ctx.config.PUBLIC_URL}/reset-password/`)).toBe(true);
    const token = decodeURIComponent(url.split('/reset-password/')[1]!);
    const job = (await emailJobs(t.ctx, 'passwordReset')).find((j) => j.data.to === 'forgot@example.com')!;
    expect(job.data.data).toMatchObject({ name: 'Jane Citizen', expiresAt: expect.any(String), shopName: t.ctx.config.SHOP_NAME });
    // Only the token's hash is stored.
    const user = (await t.ctx.store.readStream(userStreamId(token.split('.')[0]!))).map((e) => JSON.stringify(e.data)).join();
    expect(user).not.toContain(token.split('.')[1]);
    expect(user).toContain(hashResetToken(token));

    const reset = (body: Record<string, unknown>) => call(t.app, 'POST', '/api/reset-password', { body, ip: newIp() });
    expect(await reset({ resetPasswordToken: token, newPassword: 'short' })).toMatchObject({
      status: 400,
      body: { message: 'Password must be at least 8 characters' },
    });
    expect(await reset({ resetPasswordToken: 'garbage', newPassword: 'long enough' })).toMatchObject({
      status: 400,
      body: { message: 'This reset link is not valid' },
    });
    expect(await reset({ resetPasswordToken: token, newPassword: 'a new password' })).toMatchObject({
      status: 200,
      body: { message: expect.stringMatching(/reset/) },
    });
    expect(await reset({ resetPasswordToken: token, newPassword: 'another password' })).toMatchObject({
      status: 400,
      body: { message: 'This reset link has already been used' },
    });
    expect((await login('forgot@example.com', 'a new password')).status).toBe(200);
    expect((await login('forgot@example.com', 'correct horse')).status).toBe(401);
  });

  it('refuses an expired link', async () => {
    const res = await signUp('expired@example.com');
    const userId = (res.body.user as User)._id;
    const token = `${userId}.expired-token`;
    await handle(
      t.ctx,
      userDecider,
      userStreamId(userId),
      { type: 'RequestPasswordReset', tokenHash: hashResetToken(token), expiresAt: new Date(Date.now() - 1000).toISOString() },
      testMetadata(),
    );
    expect(
      await call(t.app, 'POST', '/api/reset-password', { body: { resetPasswordToken: token, newPassword: 'a new password' }, ip: newIp() }),
    ).toMatchObject({
      status: 400,
      body: { message: 'This reset link has expired. Please ask for a new one' },
    });
  });
});

describe('saved addresses', () => {
  it('adds, refuses bad or repeated ones, deletes, and needs a login', async () => {
    const res = await signUp('addresses@example.com');
    const bearer = res.body.authorisationKey as string;
    const added = await call(t.app, 'POST', '/api/add-new-address/', { body: { ...home, state: 'Queensland' }, token: bearer });
    expect(added.status).toBe(200);
    const address = (added.body.user as User).addresses[0]!;
    expect(address).toMatchObject({ _id: expect.any(String), addressLine1: '1 Main St', state: 'QLD', countryCode: 'AUD' });
    expect(await call(t.app, 'POST', '/api/add-new-address/', { body: { ...home, postalCode: 'abc' }, token: bearer })).toMatchObject({
      status: 400,
      body: { message: 'Postal code must be 4 digits' },
    });
    expect(
      await call(t.app, 'POST', '/api/add-new-address/', { body: { ...home, suburb: 'Perth', postalCode: '6000' }, token: bearer }),
    ).toMatchObject({
      status: 400,
      body: { message: 'Postcode 6000 is not in QLD (QLD postcodes are 4000–4999, 9000–9999)' },
    });
    expect(await call(t.app, 'POST', '/api/add-new-address/', { body: { ...home, suburb: '' }, token: bearer })).toMatchObject({
      status: 400,
      body: { message: 'Suburb is required' },
    });
    expect(await call(t.app, 'POST', '/api/add-new-address/', { body: home, token: bearer })).toMatchObject({
      status: 409,
      body: { message: 'This address is already saved' },
    });
    expect(await call(t.app, 'POST', '/api/add-new-address/', { body: home })).toMatchObject({ status: 401 });
    expect(await call(t.app, 'DELETE', '/api/delete-address/nope', { token: bearer })).toMatchObject({
      status: 404,
      body: { message: 'Address not found' },
    });
    const deleted = await call(t.app, 'DELETE', `/api/delete-address/${address._id}`, { token: bearer });
    expect(deleted).toMatchObject({ status: 200, body: { user: { addresses: [] } } });
    const user = (await loadStream(t.ctx.store, userDecider, userStreamId((res.body.user as User)._id))).state;
    expect(user.addresses).toEqual([]);
  });
});

describe('feedback', () => {
  it('needs an email from a guest, takes a signed-in user’s from the account, and is kept for the admin', async () => {
    const ip = newIp();
    expect(await call(t.app, 'POST', '/api/add-feedback', { body: { description: 'Great shop' }, ip })).toMatchObject({
      status: 400,
      body: { message: 'Please enter your email address' },
    });
    expect(await call(t.app, 'POST', '/api/add-feedback', { body: { email: 'guest@example.com', description: ' ' }, ip })).toMatchObject({
      status: 400,
      body: { message: 'Please enter your feedback' },
    });
    expect(
      await call(t.app, 'POST', '/api/add-feedback', { body: { email: 'Guest@Example.com', description: 'Great shop' }, ip }),
    ).toMatchObject({ status: 201, body: { message: 'Thank you for your feedback.' } });
    const res = await signUp('feedback@example.com');
    const userId = (res.body.user as User)._id;
    expect(
      await call(t.app, 'POST', '/api/add-feedback', {
        body: { email: 'someone@else.com', description: 'More games please' },
        token: res.body.authorisationKey as string,
        ip,
      }),
    ).toMatchObject({ status: 201 });
    await settleAll(t);
    const rows = await t.ctx.db.selectFrom('feedback').select(['email', 'description', 'user_id']).orderBy('created_at').execute();
    expect(rows).toEqual(
      expect.arrayContaining([
        { email: 'guest@example.com', description: 'Great shop', user_id: null },
        { email: 'feedback@example.com', description: 'More games please', user_id: userId },
      ]),
    );
    // 5 a minute from one address.
    for (let i = 0; i < 2; i++)
      await call(t.app, 'POST', '/api/add-feedback', { body: { email: 'guest@example.com', description: `again ${i}` }, ip });
    expect(
      await call(t.app, 'POST', '/api/add-feedback', { body: { email: 'guest@example.com', description: 'too many' }, ip }),
    ).toMatchObject({ status: 429, body: { message: TOO_MANY_ATTEMPTS_MESSAGE } });
  });
});

describe('the admin account from the configuration', () => {
  it('is registered once as an admin, and an existing account with that email is made an admin', async () => {
    const config = { ...t.ctx.config, ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: 'owner-password' };
    const log: string[] = [];
    await ensureAdmin(t.ctx, config, (m) => log.push(m));
    await ensureAdmin(t.ctx, config, (m) => log.push(m));
    expect(log).toEqual(['[setup] registered the admin account owner@example.com', '[setup] the admin account owner@example.com exists']);
    expect(await login('owner@example.com', 'owner-password')).toMatchObject({ status: 200, body: { user: { admin: true } } });

    await signUp('promoted@example.com');
    await ensureAdmin(t.ctx, { ...config, ADMIN_EMAIL: 'promoted@example.com', ADMIN_PASSWORD: 'ignored-password' }, (m) => log.push(m));
    expect(log.at(-1)).toMatch(/made the existing account promoted@example.com an admin/);
    expect(await login('promoted@example.com', 'correct horse')).toMatchObject({ status: 200, body: { user: { admin: true } } });
  });
});
