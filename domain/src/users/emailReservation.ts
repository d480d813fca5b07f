import type { Decider } from '../shared/decider.ts';
import type { DomainEvent } from '../shared/events.ts';

/** An email's reservation stream (`useremail-{sha256(email)}`): its last event names the account owning the email. */
export type UserEmailReserved = DomainEvent<'UserEmailReserved', { userId: string }>;

export interface ReserveEmail {
  type: 'ReserveEmail';
  userId: string;
}

/**
 * Reserving an email for a new account. Whether an earlier reservation still holds (its account
 * registered, or too young to be abandoned) needs that account's stream and the clock, so the
 * sign-up use case checks it before; the append's expected version settles racing sign-ups.
 */
export const emailReservationDecider: Decider<ReserveEmail, UserEmailReserved, { userId: string | null }> = {
  streamType: 'useremail',
  initialState: () => ({ userId: null }),
  decide: (command) => [{ type: 'UserEmailReserved', data: { userId: command.userId } }],
  evolve: (_, event) => ({ userId: event.data.userId }),
};
