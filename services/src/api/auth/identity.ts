import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  MAX_TEMP_TOKEN_LENGTH,
  MIN_TEMP_TOKEN_LENGTH,
  type GuestIdentity,
  type Identity,
  type UserIdentity,
} from '../../accounts/actor.ts';
import { fullName, loadUser } from '../../accounts/users.ts';
import { verifyAccessToken } from '../../auth/tokens.ts';
import { ownerOf } from '../../orders/orderAnswer.ts';
import { guestTokenHash } from '../../orders/streams.ts';
import type { SearchingShopper } from '../../orders/searchTermsSoon.ts';
import type { AppContext } from '../context.ts';
import { HttpError } from '../errors.ts';

// Routes take who is acting from here; the types live below api (accounts/actor.ts).
export { actorOf, orderActorOf, type GuestIdentity, type Identity, type UserIdentity } from '../../accounts/actor.ts';

export const LOGIN_REQUIRED_MESSAGE = 'Please log in';
export const LOGIN_EXPIRED_MESSAGE = 'Your login has expired. Please log in again.';
export const ADMIN_REQUIRED_MESSAGE = 'Only an admin can do this';

/** The bearer token of the Authorization header, or null when there is none. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

/** The temp token sent in the body (`tempAuthorisation`, or `tempToken` on login and sign-up), when usable. */
export function tempTokenOf(request: FastifyRequest): string | null {
  const body = request.body;
  if (!body || typeof body !== 'object') return null;
  const record = body as Record<string, unknown>;
  const token = record.tempAuthorisation ?? record.tempToken;
  if (typeof token !== 'string') return null;
  const trimmed = token.trim();
  return trimmed.length >= MIN_TEMP_TOKEN_LENGTH && trimmed.length <= MAX_TEMP_TOKEN_LENGTH ? trimmed : null;
}

/** The guest the temp token in the body names, or null without a usable one. */
function guestOf(request: FastifyRequest): GuestIdentity | null {
  const temp = tempTokenOf(request);
  return temp === null ? null : { kind: 'guest', tokenHash: guestTokenHash(temp) };
}

type Resolved = { kind: 'user'; identity: UserIdentity } | { kind: 'invalid' } | { kind: 'none' };

declare module 'fastify' {
  interface FastifyRequest {
    /** The bearer token's account, resolved once per request (see registerIdentity). */
    bearerResolved: Promise<Resolved> | null;
  }
}

/** Gives every request its own slot for the resolved bearer token (a request decoration, no global cache). */
export function registerIdentity(app: FastifyInstance): void {
  app.decorateRequest('bearerResolved', null);
}

async function resolveBearer(ctx: AppContext, request: FastifyRequest): Promise<Resolved> {
  const token = bearerToken(request);
  if (token === null) return { kind: 'none' };
  const claims = verifyAccessToken(ctx.config.JWT_SECRET, token);
  if (!claims) return { kind: 'invalid' };
  return userOf(ctx, claims.sub);
}

/** The account of a verified token's subject, read from its stream. */
async function userOf(ctx: AppContext, userId: string): Promise<Resolved> {
  const { state } = await loadUser(ctx.store, userId);
  if (!state.registered) return { kind: 'invalid' };
  return {
    kind: 'user',
    identity: {
      kind: 'user',
      userId: state.userId,
      email: state.email,
      name: fullName(state),
      admin: state.admin,
      localPickup: state.localPickup,
      user: state,
    },
  };
}

/** The bearer token's account, once per request. */
function bearerOf(ctx: AppContext, request: FastifyRequest): Promise<Resolved> {
  request.bearerResolved ??= resolveBearer(ctx, request);
  return request.bearerResolved;
}

/**
 * The signed-in user. 401 without a token, and 401 with an invalid or expired one (the web app then
 * clears its stored login).
 */
export async function requireUser(ctx: AppContext, request: FastifyRequest): Promise<UserIdentity> {
  const resolved = await bearerOf(ctx, request);
  if (resolved.kind === 'user') return resolved.identity;
  throw new HttpError(401, resolved.kind === 'invalid' ? LOGIN_EXPIRED_MESSAGE : LOGIN_REQUIRED_MESSAGE);
}

/** Every admin call uses this: 401 without a valid token, 403 for a customer's token. */
export async function requireAdmin(ctx: AppContext, request: FastifyRequest): Promise<UserIdentity> {
  const identity = await requireUser(ctx, request);
  if (!identity.admin) throw new HttpError(403, ADMIN_REQUIRED_MESSAGE);
  return identity;
}

/**
 * A shopper: the bearer token's user when one is sent (an invalid one is a 401), else a guest by
 * the temp token in the body; 401 with neither.
 */
export async function requireShopper(ctx: AppContext, request: FastifyRequest): Promise<Identity> {
  const resolved = await bearerOf(ctx, request);
  if (resolved.kind === 'user') return resolved.identity;
  if (resolved.kind === 'invalid') throw new HttpError(401, LOGIN_EXPIRED_MESSAGE);
  const guest = guestOf(request);
  if (guest === null) throw new HttpError(401, LOGIN_REQUIRED_MESSAGE);
  return guest;
}

/** Like requireShopper but never refuses: null when the request carries no usable identity. */
export async function optionalShopper(ctx: AppContext, request: FastifyRequest): Promise<Identity | null> {
  const resolved = await bearerOf(ctx, request);
  if (resolved.kind === 'user') return resolved.identity;
  return guestOf(request);
}

/**
 * The shopper a search records its term for, without reading anything yet: a valid bearer token's
 * subject (their account is read when the term is written, and a token whose account is gone
 * records nothing), else a guest by the temp token in the body; null with neither.
 */
export function searchingShopperOf(ctx: AppContext, request: FastifyRequest): Omit<SearchingShopper, 'metadata'> | null {
  const token = bearerToken(request);
  const claims = token === null ? null : verifyAccessToken(ctx.config.JWT_SECRET, token);
  if (claims) {
    const userId = claims.sub;
    const identity = async () => {
      const resolved = await userOf(ctx, userId);
      return resolved.kind === 'user' ? resolved.identity : null;
    };
    return { owner: { kind: 'user', userId }, identity };
  }
  const guest = guestOf(request);
  return guest === null ? null : { owner: ownerOf(guest), identity: async () => guest };
}
