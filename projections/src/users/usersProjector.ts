import type { Insertable, Transaction } from 'kysely';
import { CREDIT_EVENT_TYPES } from '@shop/domain/credit/creditEventTypes';
import { FEEDBACK_EVENT_TYPES } from '@shop/domain/feedback/feedback';
import { USER_EVENT_TYPES } from '@shop/domain/users/userEventTypes';
import type { CreditEvent } from '@shop/domain/credit/index';
import type { Address, UserEvent } from '@shop/domain/users/index';
import type { RecordedEvent } from '@shop/domain/shared/events';
import type { Projector } from '../runner/projector.ts';
import type { ReadModels } from '../schema.ts';
import type { FeedbackEvent } from './feedbackEvents.ts';
import type { UserTables } from './tables.ts';

type Trx = Transaction<ReadModels>;

const USER_TYPES = new Set<string>(USER_EVENT_TYPES);
const CREDIT_TYPES = new Set<string>(CREDIT_EVENT_TYPES);
const FEEDBACK_TYPES = new Set<string>(FEEDBACK_EVENT_TYPES);

const idAfter = (prefix: string, streamId: string) => (streamId.startsWith(prefix) ? streamId.slice(prefix.length) : null);

interface UserRow {
  user_id: string;
  email: string;
  given_name: string;
  family_name: string;
  admin: boolean;
  local_pickup: boolean;
  addresses: Address[];
  show_collate_addresses: boolean;
  created_at: Date;
  updated_at: Date;
}

function evolveUserRow(row: UserRow | null, event: UserEvent, at: Date, userId: string): UserRow | null {
  if (event.type === 'UserRegistered') {
    const d = event.data;
    return {
      user_id: userId,
      email: d.email,
      given_name: d.givenName,
      family_name: d.familyName,
      admin: d.admin,
      local_pickup: d.localPickup,
      addresses: [],
      show_collate_addresses: true,
      created_at: at,
      updated_at: at,
    };
  }
  if (!row) return null;
  const next = { ...row, updated_at: at };
  switch (event.type) {
    case 'AddressAdded':
      return { ...next, addresses: [...row.addresses, event.data.address] };
    case 'AddressDeleted':
      return { ...next, addresses: row.addresses.filter((a) => a._id !== event.data.addressId) };
    case 'AddressesCollated':
      return { ...next, addresses: [...row.addresses, ...event.data.addresses], show_collate_addresses: false };
    case 'AdminGranted':
      return { ...next, admin: true };
    case 'LocalPickupChanged':
      return { ...next, local_pickup: event.data.localPickup };
    case 'PasswordChanged':
    case 'PasswordResetRequested':
    case 'PasswordResetCompleted':
      return next;
  }
}

type CreditRow = Insertable<UserTables['credit_balances']>;

function evolveCreditRow(row: CreditRow, event: CreditEvent, at: Date): CreditRow {
  const next = { ...row, updated_at: at };
  const amount = event.data.amountCents;
  switch (event.type) {
    case 'CreditGranted':
      return { ...next, balance_cents: row.balance_cents + amount, granted_cents: row.granted_cents + amount };
    case 'CreditUsed':
      return { ...next, balance_cents: row.balance_cents - amount, used_cents: row.used_cents + amount };
    case 'CreditCarriedForward':
      return {
        ...next,
        balance_cents: row.balance_cents + amount,
        carried_forward_cents: row.carried_forward_cents + amount,
      };
  }
}

async function applyUsers(trx: Trx, events: RecordedEvent[]): Promise<void> {
  if (events.length === 0) return;
  const ids = [...new Set(events.map((e) => idAfter('user-', e.streamId)!))];
  const existing = await trx.selectFrom('users').selectAll().where('user_id', 'in', ids).execute();
  const rows = new Map<string, UserRow | null>(existing.map((r) => [r.user_id, r]));
  for (const event of events) {
    const userId = idAfter('user-', event.streamId)!;
    rows.set(userId, evolveUserRow(rows.get(userId) ?? null, { type: event.type, data: event.data } as UserEvent, event.createdAt, userId));
  }
  for (const row of rows.values()) {
    if (!row) continue;
    const values = { ...row, addresses: JSON.stringify(row.addresses) };
    const { user_id: _id, created_at: _c, ...set } = values;
    await trx
      .insertInto('users')
      .values(values)
      .onConflict((oc) => oc.column('user_id').doUpdateSet(set))
      .execute();
  }
}

async function applyCredit(trx: Trx, events: RecordedEvent[]): Promise<void> {
  if (events.length === 0) return;
  const ids = [...new Set(events.map((e) => idAfter('credit-', e.streamId)!))];
  const existing = await trx.selectFrom('credit_balances').selectAll().where('user_id', 'in', ids).execute();
  const rows = new Map<string, CreditRow>(existing.map((r) => [r.user_id, r]));
  for (const event of events) {
    const userId = idAfter('credit-', event.streamId)!;
    const row = rows.get(userId) ?? {
      user_id: userId,
      balance_cents: 0,
      granted_cents: 0,
      used_cents: 0,
      carried_forward_cents: 0,
      updated_at: event.createdAt,
    };
    rows.set(userId, evolveCreditRow(row, { type: event.type, data: event.data } as CreditEvent, event.createdAt));
  }
  for (const row of rows.values()) {
    const { user_id: _id, ...set } = row;
    await trx
      .insertInto('credit_balances')
      .values(row)
      .onConflict((oc) => oc.column('user_id').doUpdateSet(set))
      .execute();
  }
}

async function applyFeedback(trx: Trx, events: RecordedEvent[]): Promise<void> {
  if (events.length === 0) return;
  const rows = events.map((e) => {
    const d = (e as unknown as FeedbackEvent).data;
    return { feedback_id: d.feedbackId, email: d.email, description: d.description, user_id: d.userId, created_at: e.createdAt };
  });
  await trx
    .insertInto('feedback')
    .values(rows)
    .onConflict((oc) => oc.column('feedback_id').doNothing())
    .execute();
}

/**
 * users (for admin lists and lookups by email; never a password hash), credit_balances (one row
 * per user with credit events) and feedback. Events are applied in log order per table.
 */
export const usersProjector: Projector = {
  name: 'users',
  tables: ['users', 'credit_balances', 'feedback'],
  eventTypes: [...USER_EVENT_TYPES, ...CREDIT_EVENT_TYPES, ...FEEDBACK_EVENT_TYPES],
  async apply(trx, events) {
    // The three tables are independent, so each takes its own events in order.
    await applyUsers(
      trx,
      events.filter((e) => USER_TYPES.has(e.type) && e.streamId.startsWith('user-')),
    );
    await applyCredit(
      trx,
      events.filter((e) => CREDIT_TYPES.has(e.type) && e.streamId.startsWith('credit-')),
    );
    await applyFeedback(
      trx,
      events.filter((e) => FEEDBACK_TYPES.has(e.type) && e.streamId.startsWith('feedback-')),
    );
  },
};
