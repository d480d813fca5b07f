import type { OrderActor } from '@shop/domain/orders/index';
import type { Actor } from '@shop/domain/shared/events';
import type { UserState } from '@shop/domain/users/index';

/** A signed-in account, loaded from the write side on every request (never cached across requests). */
export interface UserIdentity {
  kind: 'user';
  userId: string;
  email: string;
  name: string;
  admin: boolean;
  localPickup: boolean;
  user: UserState;
}

/** A guest, known by the SHA-256 of their temp token (the token itself never leaves the request). */
export interface GuestIdentity {
  kind: 'guest';
  tokenHash: string;
}

/** Who is acting: the use cases take it; api/auth resolves it from the request. */
export type Identity = UserIdentity | GuestIdentity;

/** Shortest temp token taken as a guest's identity: a guessable one would share the order. */
export const MIN_TEMP_TOKEN_LENGTH = 16;
export const MAX_TEMP_TOKEN_LENGTH = 200;

/** Who caused an event, for its metadata. */
export function actorOf(identity: Identity | null): Actor {
  if (!identity || identity.kind === 'guest') return { kind: 'guest' };
  return { kind: 'user', userId: identity.userId, email: identity.email, name: identity.name };
}

/** Who sends an order command, as the order rules see them. */
export function orderActorOf(identity: Identity): OrderActor {
  return identity.kind === 'user'
    ? { kind: 'user', userId: identity.userId, admin: identity.admin, localPickup: identity.localPickup }
    : { kind: 'guest', token: identity.tokenHash };
}
