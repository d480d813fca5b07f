import type { CreditEvent } from '@shop/domain/credit/index';
import type { UserEvent } from '@shop/domain/users/index';
import { testMetadata } from '@shop/services/testing/fixtures';
import { useTestEventStore } from '@shop/services/testing/testEventStore';
import { describeEvent } from '@shop/domain/audit/describeEvent';
import type { DomainEvent } from '@shop/domain/shared/events';
import { describe, expect, it } from 'vitest';
import type { FeedbackEvent } from './feedbackEvents.ts';
import { usersProjector } from './usersProjector.ts';

const t = useTestEventStore();

/** Appends to a stream and applies the new events, as the runner would. */
async function project(streamId: string, events: DomainEvent[]) {
  await t.store.append(
    streamId,
    streamId.split('-')[0]!,
    events.map((e) => ({ ...e, metadata: testMetadata() })),
    'any',
  );
  const fresh = (await t.store.readStream(streamId)).slice(-events.length);
  await t.tdb.db.transaction().execute((trx) => usersProjector.apply(trx, fresh));
}

const address = {
  _id: 'a1',
  givenName: 'Jane',
  familyName: 'Citizen',
  addressLine1: '1 Main St',
  suburb: 'Kenmore',
  state: 'QLD' as const,
  postalCode: '4069',
  countryCode: 'AUD',
};

describe('users, credit balances and feedback read models', () => {
  it('keeps an account row without the password hash', async () => {
    const events: UserEvent[] = [
      {
        type: 'UserRegistered',
        data: {
          userId: 'u1',
          email: 'jane@example.com',
          givenName: 'Jane',
          familyName: 'Citizen',
          passwordHash: '$argon2id$secret',
          admin: false,
          localPickup: false,
        },
      },
      { type: 'AddressAdded', data: { address } },
      { type: 'AddressAdded', data: { address: { ...address, _id: 'a2', addressLine1: '2 Side St' } } },
      { type: 'AddressDeleted', data: { addressId: 'a1', address } },
      { type: 'AddressesCollated', data: { addresses: [{ ...address, _id: 'a3', addressLine1: '3 Back Rd' }] } },
      { type: 'PasswordChanged', data: { passwordHash: '$argon2id$other' } },
      { type: 'AdminGranted', data: {} },
      { type: 'LocalPickupChanged', data: { localPickup: true } },
    ];
    await project('user-u1', events.slice(0, 2));
    await project('user-u1', events.slice(2));
    const row = await t.tdb.db.selectFrom('users').selectAll().where('user_id', '=', 'u1').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ email: 'jane@example.com', admin: true, local_pickup: true, show_collate_addresses: false });
    expect(row.addresses.map((a) => a._id)).toEqual(['a2', 'a3']);
    expect(JSON.stringify(row)).not.toMatch(/argon2/);
  });

  it('sums each user’s credit events into a balance', async () => {
    const events: CreditEvent[] = [
      { type: 'CreditGranted', data: { amountCents: 2000, description: 'Sorry', grantedBy: 'admin' } },
      { type: 'CreditUsed', data: { orderId: 'o1', orderPublicId: 1001, amountCents: 1500 } },
      { type: 'CreditCarriedForward', data: { orderId: 'o2', orderPublicId: 1002, amountCents: 120 } },
    ];
    await project('credit-u1', events);
    expect(await t.tdb.db.selectFrom('credit_balances').selectAll().where('user_id', '=', 'u1').executeTakeFirstOrThrow()).toMatchObject({
      balance_cents: 620,
      granted_cents: 2000,
      used_cents: 1500,
      carried_forward_cents: 120,
    });
  });

  it('keeps feedback for the admin, and describes all these events for the audit history', async () => {
    const feedback: FeedbackEvent = {
      type: 'FeedbackSubmitted',
      data: { feedbackId: 'f1', email: 'guest@example.com', description: 'More games', userId: null },
    };
    await project('feedback-f1', [feedback]);
    expect(await t.tdb.db.selectFrom('feedback').select(['email', 'description', 'user_id']).execute()).toEqual([
      { email: 'guest@example.com', description: 'More games', user_id: null },
    ]);
    expect(describeEvent(feedback)).toBe('Sent feedback from guest@example.com: "More games"');
    expect(describeEvent({ type: 'CreditUsed', data: { orderId: 'o1', orderPublicId: 1001, amountCents: 1500 } })).toBe(
      'Used $15.00 credit on order 1001',
    );
    expect(describeEvent({ type: 'AdminGranted', data: {} })).toBe('Made the user an admin');
  });
});
