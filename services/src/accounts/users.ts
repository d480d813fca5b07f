import { randomUUID } from 'node:crypto';
import { emailReservationDecider, type UserEmailReserved } from '@shop/domain/users/emailReservation';
import { initialUserState, userDecider, type RegisterUser, type UserEvent, type UserState } from '@shop/domain/users/index';
import { DomainError } from '@shop/domain/shared/decider';
import type { EventMetadata } from '@shop/domain/shared/events';
import { loadStream, type LoadedStream } from '../commands/loadStream.ts';
import { decide, decision, handle, handleStreams, type HandlerDeps } from '../commands/handle.ts';
import { ConcurrencyError, type EventStore } from '../eventstore/types.ts';
import { streamId } from '../eventstore/streamIds.ts';
import { sha256 } from '../orders/streams.ts';

export const userStreamId = (userId: string) => streamId('user', userId);

export function loadUser(store: EventStore, userId: string): Promise<LoadedStream<UserState>> {
  return loadStream(store, userDecider, userStreamId(userId));
}

/** The spec's User: never the password hash or reset tokens. */
export interface UserView {
  _id: string;
  admin: boolean;
  email: string;
  givenName: string;
  familyName: string;
  localPickup: boolean;
  addresses: UserState['addresses'];
  showCollateAddresses: boolean;
}

export function userView(state: UserState): UserView {
  return {
    _id: state.userId,
    admin: state.admin,
    email: state.email,
    givenName: state.givenName,
    familyName: state.familyName,
    localPickup: state.localPickup,
    addresses: state.addresses,
    showCollateAddresses: state.showCollateAddresses,
  };
}

export const fullName = (state: Pick<UserState, 'givenName' | 'familyName'>) => `${state.givenName} ${state.familyName}`.trim();

// ---- Email reservations: one stream per normalised email, so an email is taken atomically ----

/** `useremail-{sha256(email)}`: its last UserEmailReserved names the account that owns the email. */
export const emailReservationStreamId = (email: string) => streamId('useremail', sha256(email.trim().toLowerCase()));

/**
 * A reservation whose account never got registered (the process died in between) may be taken over
 * after this long; a younger one may be a sign-up still in progress.
 */
export const STALE_RESERVATION_MS = 60_000;

export interface EmailOwner {
  userId: string;
  user: UserState;
  version: number;
}

/** The registered account with this email, read from the write side (so a new sign-up can log in at once). */
export async function findUserByEmail(store: EventStore, email: string): Promise<EmailOwner | null> {
  const reservations = await store.readStream(emailReservationStreamId(email));
  const last = reservations.at(-1)?.data as UserEmailReserved['data'] | undefined;
  if (!last) return null;
  const { state, version } = await loadUser(store, last.userId);
  return state.registered ? { userId: last.userId, user: state, version } : null;
}

export const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists. Please log in instead.';

/**
 * Reserves the email for a new account id: appended with the reservation stream's expected version,
 * so of two sign-ups racing for one email exactly one wins. Throws a 409 when the email is taken.
 */
async function reserveEmail(deps: HandlerDeps, email: string, userId: string, metadata: EventMetadata): Promise<void> {
  const id = emailReservationStreamId(email);
  try {
    // A second round reads the racing sign-up's fresh reservation and refuses.
    await handleStreams(deps, metadata, async () => {
      const reservations = await deps.store.readStream(id);
      const last = reservations.at(-1);
      if (last) {
        const { state } = await loadUser(deps.store, (last.data as UserEmailReserved['data']).userId);
        const stale = Date.now() - last.createdAt.getTime() > STALE_RESERVATION_MS;
        if (state.registered || !stale) throw new DomainError(EMAIL_TAKEN_MESSAGE, 'conflict');
      }
      const reserved = decide(emailReservationDecider, [{ type: 'ReserveEmail', userId }], emailReservationDecider.initialState());
      return { decisions: [decision(emailReservationDecider, id, reservations.length, reserved.events)], answer: null };
    });
  } catch (e) {
    if (e instanceof ConcurrencyError) throw new DomainError(EMAIL_TAKEN_MESSAGE, 'conflict');
    throw e;
  }
}

export interface NewAccount {
  email: string;
  givenName: string;
  familyName: string;
  passwordHash: string;
  admin?: boolean;
  localPickup?: boolean;
}

export interface RegisteredAccount {
  userId: string;
  user: UserState;
  /** The UserRegistered event's id (keys the welcome email job). */
  eventId: string;
}

/** Sign-up and the setup's admin: reserve the email, then register the account on its own stream. */
export async function registerAccount(deps: HandlerDeps, account: NewAccount, metadata: EventMetadata): Promise<RegisteredAccount> {
  const userId = randomUUID();
  const email = account.email.trim().toLowerCase();
  const command: RegisterUser = {
    type: 'RegisterUser',
    userId,
    email,
    givenName: account.givenName,
    familyName: account.familyName,
    passwordHash: account.passwordHash,
    admin: account.admin ?? false,
    localPickup: account.localPickup ?? false,
  };
  // Refuse bad input before the email is reserved, so a refusal leaves no reservation behind.
  userDecider.decide(command, initialUserState());
  await reserveEmail(deps, email, userId, metadata);
  const actor = metadata.actor.kind === 'guest' ? { kind: 'user' as const, userId, email, name: fullName(command) } : metadata.actor;
  const executed = await handle(deps, userDecider, userStreamId(userId), command, { ...metadata, actor });
  const registered = executed.appended[0] as { eventId: string; event: UserEvent };
  return { userId, user: executed.state, eventId: registered.eventId };
}
