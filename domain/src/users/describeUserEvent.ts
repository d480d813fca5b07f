import { formatAddress } from './address.ts';
import type { UserEvent } from './userEvents.ts';

/** Plain words for the audit history. Never mentions a password hash or a token. */
export function describeUserEvent(event: UserEvent): string {
  switch (event.type) {
    case 'UserRegistered': {
      const { givenName, familyName, email, admin } = event.data;
      return `Signed up ${givenName} ${familyName} (${email})${admin ? ' as an admin' : ''}`;
    }
    case 'PasswordChanged':
      return 'Changed the password';
    case 'PasswordResetRequested':
      return 'Asked for a password reset link';
    case 'PasswordResetCompleted':
      return 'Reset the password with an emailed link';
    case 'AddressAdded':
      return `Added address ${formatAddress(event.data.address)}`;
    case 'AddressDeleted':
      return `Deleted address ${formatAddress(event.data.address)}`;
    case 'AddressesCollated': {
      const n = event.data.addresses.length;
      return n === 0
        ? 'Collated addresses from orders: no new addresses'
        : `Collated ${n} ${n === 1 ? 'address' : 'addresses'} from orders`;
    }
    case 'AdminGranted':
      return 'Made the user an admin';
    case 'LocalPickupChanged':
      return event.data.localPickup ? 'Allowed local pickup' : 'Stopped local pickup';
  }
}
