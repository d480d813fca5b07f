import { describe, it } from 'vitest';
import { deciderSpec } from '../testing/deciderSpec.ts';
import type { Address } from './address.ts';
import { userDecider } from './user.ts';
import type { UserEvent } from './userEvents.ts';

const spec = deciderSpec(userDecider);

const registered: UserEvent = {
  type: 'UserRegistered',
  data: {
    userId: 'u1',
    email: 'jane@example.com',
    givenName: 'Jane',
    familyName: 'Citizen',
    passwordHash: 'hash-1',
    admin: false,
    localPickup: false,
  },
};
const home: Address = {
  _id: 'a1',
  givenName: 'Jane',
  familyName: 'Citizen',
  addressLine1: '1 Main St',
  suburb: 'Kenmore',
  state: 'QLD',
  postalCode: '4069',
  countryCode: 'AUD',
};
const resetRequested: UserEvent = {
  type: 'PasswordResetRequested',
  data: { tokenHash: 'token-hash', expiresAt: '2025-03-01T01:00:00.000Z' },
};

describe('RegisterUser', () => {
  it('registers with a lower-cased email and trimmed names', () => {
    spec
      .given()
      .when({
        type: 'RegisterUser',
        userId: 'u1',
        email: ' Jane@Example.COM ',
        givenName: ' Jane',
        familyName: 'Citizen ',
        passwordHash: 'hash-1',
      })
      .then([registered]);
  });
  it('keeps the admin and local pickup flags', () => {
    spec
      .given()
      .when({
        type: 'RegisterUser',
        userId: 'u1',
        email: 'jane@example.com',
        givenName: 'Jane',
        familyName: 'Citizen',
        passwordHash: 'hash-1',
        admin: true,
        localPickup: true,
      })
      .then([{ ...registered, data: { ...registered.data, admin: true, localPickup: true } } as UserEvent]);
  });
  it('refuses registering twice', () => {
    spec
      .given([registered])
      .when({ type: 'RegisterUser', userId: 'u1', email: 'x@y.z', givenName: 'a', familyName: 'b', passwordHash: 'h' })
      .thenThrows(/already exists/, 'conflict');
  });
  it('refuses missing names, email or password', () => {
    const base = { type: 'RegisterUser' as const, userId: 'u1', email: 'x@y.z', givenName: 'a', familyName: 'b', passwordHash: 'h' };
    spec
      .given()
      .when({ ...base, email: ' ' })
      .thenThrows(/email/, 'invalid');
    spec
      .given()
      .when({ ...base, givenName: '' })
      .thenThrows(/Given name is required/, 'invalid');
    spec
      .given()
      .when({ ...base, familyName: '' })
      .thenThrows(/Family name is required/, 'invalid');
    spec
      .given()
      .when({ ...base, passwordHash: '' })
      .thenThrows(/password is required/, 'invalid');
  });
});

describe('ChangePassword', () => {
  it('changes the hash', () => {
    spec
      .given([registered])
      .when({ type: 'ChangePassword', passwordHash: 'hash-2' })
      .then([{ type: 'PasswordChanged', data: { passwordHash: 'hash-2' } }]);
  });
  it('refuses an unknown user', () => {
    spec
      .given()
      .when({ type: 'ChangePassword', passwordHash: 'hash-2' })
      .thenThrows(/User not found/, 'not-found');
  });
  it('refuses an empty hash', () => {
    spec
      .given([registered])
      .when({ type: 'ChangePassword', passwordHash: '' })
      .thenThrows(/password is required/, 'invalid');
  });
});

describe('RequestPasswordReset', () => {
  it('stores the token hash and expiry', () => {
    spec
      .given([registered])
      .when({ type: 'RequestPasswordReset', tokenHash: 'token-hash', expiresAt: '2025-03-01T01:00:00.000Z' })
      .then([resetRequested]);
  });
  it('refuses an unknown user', () => {
    spec
      .given()
      .when({ type: 'RequestPasswordReset', tokenHash: 't', expiresAt: 'x' })
      .thenThrows(/User not found/, 'not-found');
  });
  it('refuses an empty token hash', () => {
    spec.given([registered]).when({ type: 'RequestPasswordReset', tokenHash: '', expiresAt: 'x' }).thenThrows(/token/, 'invalid');
  });
});

describe('CompletePasswordReset', () => {
  const reset = (tokenHash: string, now = '2025-03-01T00:30:00.000Z') =>
    ({ type: 'CompletePasswordReset', tokenHash, passwordHash: 'hash-2', now }) as const;

  it('spends the token and changes the password', () => {
    spec
      .given([registered, resetRequested])
      .when(reset('token-hash'))
      .then([
        { type: 'PasswordResetCompleted', data: { tokenHash: 'token-hash' } },
        { type: 'PasswordChanged', data: { passwordHash: 'hash-2' } },
      ]);
  });
  it('refuses a token used before', () => {
    spec
      .given([registered, resetRequested, { type: 'PasswordResetCompleted', data: { tokenHash: 'token-hash' } }])
      .when(reset('token-hash'))
      .thenThrows(/already been used/, 'invalid');
  });
  it('refuses an expired token', () => {
    spec
      .given([registered, resetRequested])
      .when(reset('token-hash', '2025-03-01T01:00:00.000Z'))
      .thenThrows(/expired/, 'invalid');
  });
  it('treats an unreadable time as expired', () => {
    spec
      .given([registered, resetRequested])
      .when(reset('token-hash', 'not a time'))
      .thenThrows(/expired/, 'invalid');
  });
  it('refuses an unknown token', () => {
    spec
      .given([registered, resetRequested])
      .when(reset('other'))
      .thenThrows(/not valid/, 'invalid');
  });
  it('refuses a token replaced by a newer request', () => {
    spec
      .given([
        registered,
        resetRequested,
        { type: 'PasswordResetRequested', data: { tokenHash: 'newer', expiresAt: '2025-03-01T02:00:00.000Z' } },
      ])
      .when(reset('token-hash'))
      .thenThrows(/not valid/, 'invalid');
  });
  it('refuses when no reset was asked for', () => {
    spec
      .given([registered])
      .when(reset('token-hash'))
      .thenThrows(/not valid/, 'invalid');
  });
  it('refuses an unknown user', () => {
    spec
      .given()
      .when(reset('token-hash'))
      .thenThrows(/User not found/, 'not-found');
  });
});

describe('AddAddress', () => {
  it('adds a valid address', () => {
    spec
      .given([registered])
      .when({ type: 'AddAddress', address: home })
      .then([{ type: 'AddressAdded', data: { address: home } }]);
  });
  it('refuses an invalid address with the field rule', () => {
    spec
      .given([registered])
      .when({ type: 'AddAddress', address: { ...home, postalCode: '406' } })
      .thenThrows(/Postal code must be 4 digits/, 'invalid');
    spec
      .given([registered])
      .when({ type: 'AddAddress', address: { ...home, suburb: ' ' } })
      .thenThrows(/Suburb is required/, 'invalid');
  });
  it('refuses an address already saved (normalised)', () => {
    spec
      .given([registered, { type: 'AddressAdded', data: { address: home } }])
      .when({ type: 'AddAddress', address: { ...home, _id: 'a2', addressLine1: '1  MAIN st ', suburb: 'KENMORE' } })
      .thenThrows(/already saved/, 'conflict');
  });
  it('refuses an address id already used', () => {
    spec
      .given([registered, { type: 'AddressAdded', data: { address: home } }])
      .when({ type: 'AddAddress', address: { ...home, addressLine1: '2 Main St' } })
      .thenThrows(/already saved/, 'conflict');
  });
  it('refuses an unknown user', () => {
    spec
      .given()
      .when({ type: 'AddAddress', address: home })
      .thenThrows(/User not found/, 'not-found');
  });
});

describe('DeleteAddress', () => {
  it('deletes a saved address', () => {
    spec
      .given([registered, { type: 'AddressAdded', data: { address: home } }])
      .when({ type: 'DeleteAddress', addressId: 'a1' })
      .then([{ type: 'AddressDeleted', data: { addressId: 'a1', address: home } }]);
  });
  it('refuses an unknown address', () => {
    spec
      .given([registered])
      .when({ type: 'DeleteAddress', addressId: 'a1' })
      .thenThrows(/Address not found/, 'not-found');
  });
  it('refuses an unknown user', () => {
    spec
      .given()
      .when({ type: 'DeleteAddress', addressId: 'a1' })
      .thenThrows(/User not found/, 'not-found');
  });
});

describe('CollateAddresses', () => {
  it('adds only new, complete addresses', () => {
    const work = { ...home, _id: 'a3', addressLine1: '5 Work Rd' };
    spec
      .given([registered, { type: 'AddressAdded', data: { address: home } }])
      .when({
        type: 'CollateAddresses',
        fromOrders: [{ ...home, _id: 'a2' }, work, { ...work, _id: 'a4' }, { _id: 'a5', givenName: 'Half' }],
      })
      .then([{ type: 'AddressesCollated', data: { addresses: [work] } }]);
  });
  it('records a collation that found nothing new', () => {
    spec
      .given([registered])
      .when({ type: 'CollateAddresses', fromOrders: [] })
      .then([{ type: 'AddressesCollated', data: { addresses: [] } }]);
  });
  it('refuses an unknown user', () => {
    spec
      .given()
      .when({ type: 'CollateAddresses', fromOrders: [] })
      .thenThrows(/User not found/, 'not-found');
  });
});

describe('GrantAdmin', () => {
  it('makes the user an admin', () => {
    spec
      .given([registered])
      .when({ type: 'GrantAdmin' })
      .then([{ type: 'AdminGranted', data: {} }]);
  });
  it('refuses an admin already', () => {
    spec
      .given([registered, { type: 'AdminGranted', data: {} }])
      .when({ type: 'GrantAdmin' })
      .thenThrows(/already an admin/, 'conflict');
  });
  it('refuses an unknown user', () => {
    spec
      .given()
      .when({ type: 'GrantAdmin' })
      .thenThrows(/User not found/, 'not-found');
  });
});

describe('ChangeLocalPickup', () => {
  it('changes the flag', () => {
    spec
      .given([registered])
      .when({ type: 'ChangeLocalPickup', localPickup: true })
      .then([{ type: 'LocalPickupChanged', data: { localPickup: true } }]);
  });
  it('changes nothing when the flag is already so', () => {
    spec.given([registered]).when({ type: 'ChangeLocalPickup', localPickup: false }).then([]);
  });
  it('refuses an unknown user', () => {
    spec
      .given()
      .when({ type: 'ChangeLocalPickup', localPickup: true })
      .thenThrows(/User not found/, 'not-found');
  });
});
