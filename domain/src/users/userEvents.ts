import type { DomainEvent } from '../shared/events.ts';
import type { Address } from './address.ts';

export type UserRegistered = DomainEvent<
  'UserRegistered',
  {
    userId: string;
    /** Lower-cased. */
    email: string;
    givenName: string;
    familyName: string;
    passwordHash: string;
    admin: boolean;
    localPickup: boolean;
  }
>;
export type PasswordChanged = DomainEvent<'PasswordChanged', { passwordHash: string }>;
/** Only the hash of the emailed token is stored. A newer request replaces an older one. */
export type PasswordResetRequested = DomainEvent<'PasswordResetRequested', { tokenHash: string; expiresAt: string }>;
/** The token is spent; a PasswordChanged follows in the same append. */
export type PasswordResetCompleted = DomainEvent<'PasswordResetCompleted', { tokenHash: string }>;
export type AddressAdded = DomainEvent<'AddressAdded', { address: Address }>;
export type AddressDeleted = DomainEvent<'AddressDeleted', { addressId: string; address: Address }>;
/** "Collate Addresses From Orders": the addresses added (possibly none). */
export type AddressesCollated = DomainEvent<'AddressesCollated', { addresses: Address[] }>;
export type AdminGranted = DomainEvent<'AdminGranted', Record<string, never>>;
export type LocalPickupChanged = DomainEvent<'LocalPickupChanged', { localPickup: boolean }>;

export type UserEvent =
  | UserRegistered
  | PasswordChanged
  | PasswordResetRequested
  | PasswordResetCompleted
  | AddressAdded
  | AddressDeleted
  | AddressesCollated
  | AdminGranted
  | LocalPickupChanged;
