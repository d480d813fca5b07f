import { DomainError, type Decider } from '../shared/decider.ts';
import { addressKey, addressSchema, type Address } from './address.ts';
import { collateAddresses } from './collateAddresses.ts';
import type {
  AddAddress,
  ChangeLocalPickup,
  ChangePassword,
  CollateAddresses,
  CompletePasswordReset,
  DeleteAddress,
  RegisterUser,
  RequestPasswordReset,
  UserCommand,
} from './userCommands.ts';
import type { UserEvent } from './userEvents.ts';

/** How long an emailed reset link works. */
export const RESET_TOKEN_TTL_MINUTES = 60;

export interface UserState {
  registered: boolean;
  userId: string;
  email: string;
  givenName: string;
  familyName: string;
  passwordHash: string;
  admin: boolean;
  localPickup: boolean;
  addresses: Address[];
  /** Offered until the user has collated addresses from their orders once. */
  showCollateAddresses: boolean;
  pendingReset: { tokenHash: string; expiresAt: string } | null;
  usedResetTokenHashes: string[];
}

export const initialUserState = (): UserState => ({
  registered: false,
  userId: '',
  email: '',
  givenName: '',
  familyName: '',
  passwordHash: '',
  admin: false,
  localPickup: false,
  addresses: [],
  showCollateAddresses: true,
  pendingReset: null,
  usedResetTokenHashes: [],
});

function assertRegistered(state: UserState): void {
  if (!state.registered) throw new DomainError('User not found', 'not-found');
}

function assertHash(hash: string): void {
  if (hash.trim() === '') throw new DomainError('A password is required', 'invalid');
}

export function registerUser(command: RegisterUser, state: UserState): UserEvent[] {
  if (state.registered) throw new DomainError('An account with this email already exists', 'conflict');
  const email = command.email.trim().toLowerCase();
  const givenName = command.givenName.trim();
  const familyName = command.familyName.trim();
  if (email === '') throw new DomainError('Please enter your email address', 'invalid');
  if (givenName === '') throw new DomainError('Given name is required', 'invalid');
  if (familyName === '') throw new DomainError('Family name is required', 'invalid');
  assertHash(command.passwordHash);
  return [
    {
      type: 'UserRegistered',
      data: {
        userId: command.userId,
        email,
        givenName,
        familyName,
        passwordHash: command.passwordHash,
        admin: command.admin ?? false,
        localPickup: command.localPickup ?? false,
      },
    },
  ];
}

export function changePassword(command: ChangePassword, state: UserState): UserEvent[] {
  assertRegistered(state);
  assertHash(command.passwordHash);
  return [{ type: 'PasswordChanged', data: { passwordHash: command.passwordHash } }];
}

export function requestPasswordReset(command: RequestPasswordReset, state: UserState): UserEvent[] {
  assertRegistered(state);
  if (command.tokenHash.trim() === '') throw new DomainError('A reset token is required', 'invalid');
  return [{ type: 'PasswordResetRequested', data: { tokenHash: command.tokenHash, expiresAt: command.expiresAt } }];
}

/** Reset tokens are single use, expire, and only the newest one requested works. */
export function completePasswordReset(command: CompletePasswordReset, state: UserState): UserEvent[] {
  assertRegistered(state);
  if (state.usedResetTokenHashes.includes(command.tokenHash)) {
    throw new DomainError('This reset link has already been used', 'invalid');
  }
  const pending = state.pendingReset;
  if (!pending || pending.tokenHash !== command.tokenHash) throw new DomainError('This reset link is not valid', 'invalid');
  // An unreadable time counts as expired.
  if (!(Date.parse(command.now) < Date.parse(pending.expiresAt))) {
    throw new DomainError('This reset link has expired. Please ask for a new one', 'invalid');
  }
  assertHash(command.passwordHash);
  return [
    { type: 'PasswordResetCompleted', data: { tokenHash: command.tokenHash } },
    { type: 'PasswordChanged', data: { passwordHash: command.passwordHash } },
  ];
}

export function addAddress(command: AddAddress, state: UserState): UserEvent[] {
  assertRegistered(state);
  const parsed = addressSchema.safeParse(command.address);
  if (!parsed.success) throw new DomainError(parsed.error.issues[0]?.message ?? 'Invalid address', 'invalid');
  const address = parsed.data;
  if (state.addresses.some((a) => a._id === address._id)) throw new DomainError('This address is already saved', 'conflict');
  const key = addressKey(address);
  if (state.addresses.some((a) => addressKey(a) === key)) throw new DomainError('This address is already saved', 'conflict');
  return [{ type: 'AddressAdded', data: { address } }];
}

export function deleteAddress(command: DeleteAddress, state: UserState): UserEvent[] {
  assertRegistered(state);
  const address = state.addresses.find((a) => a._id === command.addressId);
  if (!address) throw new DomainError('Address not found', 'not-found');
  return [{ type: 'AddressDeleted', data: { addressId: command.addressId, address } }];
}

export function collateUserAddresses(command: CollateAddresses, state: UserState): UserEvent[] {
  assertRegistered(state);
  return [{ type: 'AddressesCollated', data: { addresses: collateAddresses(state.addresses, command.fromOrders) } }];
}

export function grantAdmin(state: UserState): UserEvent[] {
  assertRegistered(state);
  if (state.admin) throw new DomainError('This user is already an admin', 'conflict');
  return [{ type: 'AdminGranted', data: {} }];
}

export function changeLocalPickup(command: ChangeLocalPickup, state: UserState): UserEvent[] {
  assertRegistered(state);
  if (state.localPickup === command.localPickup) return [];
  return [{ type: 'LocalPickupChanged', data: { localPickup: command.localPickup } }];
}

export function evolveUser(state: UserState, event: UserEvent): UserState {
  switch (event.type) {
    case 'UserRegistered':
      return { ...state, ...event.data, registered: true };
    case 'PasswordChanged':
      return { ...state, passwordHash: event.data.passwordHash };
    case 'PasswordResetRequested':
      return { ...state, pendingReset: { ...event.data } };
    case 'PasswordResetCompleted':
      return {
        ...state,
        pendingReset: null,
        usedResetTokenHashes: [...state.usedResetTokenHashes, event.data.tokenHash],
      };
    case 'AddressAdded':
      return { ...state, addresses: [...state.addresses, event.data.address] };
    case 'AddressDeleted':
      return { ...state, addresses: state.addresses.filter((a) => a._id !== event.data.addressId) };
    case 'AddressesCollated':
      return { ...state, addresses: [...state.addresses, ...event.data.addresses], showCollateAddresses: false };
    case 'AdminGranted':
      return { ...state, admin: true };
    case 'LocalPickupChanged':
      return { ...state, localPickup: event.data.localPickup };
  }
}

export const userDecider: Decider<UserCommand, UserEvent, UserState> = {
  streamType: 'user',
  initialState: initialUserState,
  decide(command, state) {
    switch (command.type) {
      case 'RegisterUser':
        return registerUser(command, state);
      case 'ChangePassword':
        return changePassword(command, state);
      case 'RequestPasswordReset':
        return requestPasswordReset(command, state);
      case 'CompletePasswordReset':
        return completePasswordReset(command, state);
      case 'AddAddress':
        return addAddress(command, state);
      case 'DeleteAddress':
        return deleteAddress(command, state);
      case 'CollateAddresses':
        return collateUserAddresses(command, state);
      case 'GrantAdmin':
        return grantAdmin(state);
      case 'ChangeLocalPickup':
        return changeLocalPickup(command, state);
    }
  },
  evolve: evolveUser,
};
