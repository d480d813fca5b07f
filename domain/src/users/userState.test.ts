import { describe, expect, it } from 'vitest';
import { fold } from '../shared/decider.ts';
import { userDecider } from './user.ts';

describe('user state', () => {
  it('folds registration, addresses, collation and flags', () => {
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
    const state = fold(userDecider, [
      {
        type: 'UserRegistered',
        data: {
          userId: 'u1',
          email: 'j@x.au',
          givenName: 'Jane',
          familyName: 'Citizen',
          passwordHash: 'h',
          admin: false,
          localPickup: false,
        },
      },
      { type: 'AddressesCollated', data: { addresses: [address] } },
      { type: 'AdminGranted', data: {} },
      { type: 'LocalPickupChanged', data: { localPickup: true } },
      { type: 'PasswordResetRequested', data: { tokenHash: 't', expiresAt: 'x' } },
      { type: 'PasswordResetCompleted', data: { tokenHash: 't' } },
      { type: 'PasswordChanged', data: { passwordHash: 'h2' } },
      { type: 'AddressDeleted', data: { addressId: 'a1', address } },
    ]);
    expect(state).toMatchObject({
      registered: true,
      admin: true,
      localPickup: true,
      passwordHash: 'h2',
      addresses: [],
      showCollateAddresses: false,
      pendingReset: null,
      usedResetTokenHashes: ['t'],
    });
  });
});
