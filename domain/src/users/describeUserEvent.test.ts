import { describe, expect, it } from 'vitest';
import { describeUserEvent } from './describeUserEvent.ts';
import type { UserEvent } from './userEvents.ts';

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

describe('describeUserEvent', () => {
  it.each<[UserEvent, string]>([
    [
      {
        type: 'UserRegistered',
        data: {
          userId: 'u',
          email: 'j@x.au',
          givenName: 'Jane',
          familyName: 'Citizen',
          passwordHash: 'secret',
          admin: false,
          localPickup: false,
        },
      },
      'Signed up Jane Citizen (j@x.au)',
    ],
    [{ type: 'PasswordChanged', data: { passwordHash: 'secret' } }, 'Changed the password'],
    [{ type: 'PasswordResetRequested', data: { tokenHash: 'secret', expiresAt: 'x' } }, 'Asked for a password reset link'],
    [{ type: 'PasswordResetCompleted', data: { tokenHash: 'secret' } }, 'Reset the password with an emailed link'],
    [{ type: 'AddressAdded', data: { address } }, 'Added address Jane Citizen, 1 Main St, Kenmore QLD 4069'],
    [{ type: 'AddressDeleted', data: { addressId: 'a1', address } }, 'Deleted address Jane Citizen, 1 Main St, Kenmore QLD 4069'],
    [{ type: 'AddressesCollated', data: { addresses: [address] } }, 'Collated 1 address from orders'],
    [{ type: 'AddressesCollated', data: { addresses: [] } }, 'Collated addresses from orders: no new addresses'],
    [{ type: 'AdminGranted', data: {} }, 'Made the user an admin'],
    [{ type: 'LocalPickupChanged', data: { localPickup: true } }, 'Allowed local pickup'],
  ])('%j', (event, text) => {
    expect(describeUserEvent(event)).toBe(text);
    expect(describeUserEvent(event)).not.toMatch(/secret/);
  });
});
