import {
  RESET_TOKEN_TTL_MINUTES,
  userDecider,
  type LoginBody,
  type ResetPasswordBody,
  type SignUpBody,
  type UserState,
} from '@shop/domain/users/index';
import { DomainError } from '@shop/domain/shared/decider';
import type { EventMetadata } from '@shop/domain/shared/events';
import { MIN_TEMP_TOKEN_LENGTH } from './actor.ts';
import type { Deps } from '../deps/deps.ts';
import { dummyPasswordHash, hashPassword, hashResetToken, newResetToken, verifyPassword } from '../auth/passwords.ts';
import { signAccessToken } from '../auth/tokens.ts';
import { queueEmailJob } from '../orders/emailJobs.ts';
import { handle } from '../commands/handle.ts';
import { claimGuestOrder } from '../orders/guestOrders.ts';
import type { Log } from '../orders/log.ts';
import {
  EMAIL_TAKEN_MESSAGE,
  findUserByEmail,
  fullName,
  loadUser,
  registerAccount,
  userStreamId,
  userView,
  type UserView,
} from './users.ts';

export const WRONG_LOGIN_MESSAGE = 'Wrong email or password';
export const SIGNED_UP_MESSAGE = 'You have successfully signed up and should now be logged in.';
export const LOGGED_IN_MESSAGE = 'You are now logged in.';
export const RESET_REQUESTED_MESSAGE = 'Please check your emails and follow instructions';
export const PASSWORD_RESET_MESSAGE = 'Your password has been reset. You can now log in with your new password.';
export const INVALID_RESET_LINK_MESSAGE = 'This reset link is not valid';

export interface LoginAnswer {
  user: UserView;
  authorisationKey: string;
  message: string;
  /** Notices from merging the guest's order into the account's (lines cut to what is available). */
  messages: string[];
}

const userActor = (state: UserState) => ({ kind: 'user' as const, userId: state.userId, email: state.email, name: fullName(state) });

function loginAnswer(ctx: Deps, state: UserState, message: string, messages: string[]): LoginAnswer {
  return {
    user: userView(state),
    authorisationKey: signAccessToken(ctx.config.JWT_SECRET, { sub: state.userId, email: state.email }),
    message,
    messages,
  };
}

async function claimWithTempToken(
  ctx: Deps,
  tempToken: string | undefined,
  state: UserState,
  metadata: EventMetadata,
  log: Log,
): Promise<string[]> {
  const token = tempToken?.trim() ?? '';
  if (token.length < MIN_TEMP_TOKEN_LENGTH) return [];
  const by = { kind: 'user' as const, userId: state.userId, admin: state.admin, localPickup: state.localPickup };
  const result = await claimGuestOrder(ctx, token, by, { ...metadata, actor: userActor(state) }, log);
  return result.messages;
}

/** POST /api/sign-up-user: the account, its access token, and the guest's order claimed. */
export async function signUp(ctx: Deps, body: SignUpBody, metadata: EventMetadata, log: Log): Promise<LoginAnswer> {
  // Cheap refusal first, before the slow password hash (the reservation below is what makes it atomic).
  if (await findUserByEmail(ctx.store, body.email)) throw new DomainError(EMAIL_TAKEN_MESSAGE, 'conflict');
  const account = await registerAccount(
    ctx,
    { email: body.email, givenName: body.givenName, familyName: body.familyName, passwordHash: await hashPassword(body.password) },
    metadata,
  );
  const messages = await claimWithTempToken(ctx, body.tempToken, account.user, metadata, log);
  // The welcome email: the email reactor makes it from UserRegistered.
  return loginAnswer(ctx, account.user, SIGNED_UP_MESSAGE, messages);
}

/** POST /api/login: one message for a wrong email or a wrong password, and the same work (a hash check) for both. */
export async function logIn(ctx: Deps, body: LoginBody, metadata: EventMetadata, log: Log): Promise<LoginAnswer> {
  const found = await findUserByEmail(ctx.store, body.email);
  const ok = await verifyPassword(found?.user.passwordHash ?? (await dummyPasswordHash()), body.password);
  if (!found || !ok) throw new DomainError(WRONG_LOGIN_MESSAGE, 'unauthenticated');
  const messages = await claimWithTempToken(ctx, body.tempToken, found.user, metadata, log);
  return loginAnswer(ctx, found.user, LOGGED_IN_MESSAGE, messages);
}

/**
 * POST /api/get-reset-password-token: when the email has an account, a new single-use token (only
 * its hash is stored) and an email with the link. The token names the account (`{userId}.{random}`)
 * so the reset finds it without another lookup. Runs after the answer is sent, so the answer takes
 * the same time whether or not the email exists.
 */
export async function requestPasswordReset(ctx: Deps, email: string, metadata: EventMetadata, log: Log): Promise<void> {
  const found = await findUserByEmail(ctx.store, email);
  if (!found) return;
  const token = `${found.userId}.${newResetToken().token}`;
  const expiresAt = new Date(ctx.clock().getTime() + RESET_TOKEN_TTL_MINUTES * 60_000).toISOString();
  const executed = await handle(
    ctx,
    userDecider,
    userStreamId(found.userId),
    { type: 'RequestPasswordReset', tokenHash: hashResetToken(token), expiresAt },
    { ...metadata, actor: userActor(found.user) },
  );
  const eventId = executed.appended[0]!.eventId;
  await queueEmailJob(
    ctx,
    {
      template: 'passwordReset',
      to: found.user.email,
      messageId: `password-reset-${eventId}`,
      data: {
        name: fullName(found.user),
        resetUrl: `${ctx.config.PUBLIC_URL.replace(/\/+$/, '')}/reset-password/${token}`,
        expiresAt,
        shopName: ctx.config.SHOP_NAME,
      },
    },
    eventId,
    log,
  );
}

/** POST /api/reset-password: the newest emailed token, once, before it expires. */
export async function resetPassword(ctx: Deps, body: ResetPasswordBody, metadata: EventMetadata): Promise<string> {
  const token = body.resetPasswordToken.trim();
  const userId = token.slice(0, Math.max(0, token.indexOf('.')));
  if (userId === '') throw new DomainError(INVALID_RESET_LINK_MESSAGE, 'invalid');
  const { state } = await loadUser(ctx.store, userId);
  if (!state.registered) throw new DomainError(INVALID_RESET_LINK_MESSAGE, 'invalid');
  const tokenHash = hashResetToken(token);
  const now = ctx.clock().toISOString();
  // Check the link before the slow password hash.
  userDecider.decide({ type: 'CompletePasswordReset', tokenHash, passwordHash: 'checking', now }, state);
  const passwordHash = await hashPassword(body.newPassword);
  await handle(
    ctx,
    userDecider,
    userStreamId(userId),
    { type: 'CompletePasswordReset', tokenHash, passwordHash, now },
    { ...metadata, actor: userActor(state) },
  );
  return PASSWORD_RESET_MESSAGE;
}
