import type { UserEvent } from './index.ts';

const USER_EVENT_TYPE_SET: Record<UserEvent['type'], true> = {
  UserRegistered: true,
  PasswordChanged: true,
  PasswordResetRequested: true,
  PasswordResetCompleted: true,
  AddressAdded: true,
  AddressDeleted: true,
  AddressesCollated: true,
  AdminGranted: true,
  LocalPickupChanged: true,
};

/** Every event type of the 'user' stream (checked complete by the compiler). */
export const USER_EVENT_TYPES = Object.keys(USER_EVENT_TYPE_SET) as UserEvent['type'][];
