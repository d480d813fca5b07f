import type { Address, AddressCandidate } from './address.ts';

/** Email uniqueness spans streams: the handler checks it (the email lookup) before registering. */
export interface RegisterUser {
  type: 'RegisterUser';
  userId: string;
  email: string;
  givenName: string;
  familyName: string;
  passwordHash: string;
  admin?: boolean;
  localPickup?: boolean;
}
export interface ChangePassword {
  type: 'ChangePassword';
  passwordHash: string;
}
export interface RequestPasswordReset {
  type: 'RequestPasswordReset';
  tokenHash: string;
  /** ISO time; the handler adds RESET_TOKEN_TTL_MINUTES to now. */
  expiresAt: string;
}
export interface CompletePasswordReset {
  type: 'CompletePasswordReset';
  tokenHash: string;
  passwordHash: string;
  /** ISO time the request arrived. */
  now: string;
}
export interface AddAddress {
  type: 'AddAddress';
  address: Address;
}
export interface DeleteAddress {
  type: 'DeleteAddress';
  addressId: string;
}
export interface CollateAddresses {
  type: 'CollateAddresses';
  /** Shipping and billing addresses from the user's orders, each with the _id it would be saved under. */
  fromOrders: readonly AddressCandidate[];
}
export interface GrantAdmin {
  type: 'GrantAdmin';
}
export interface ChangeLocalPickup {
  type: 'ChangeLocalPickup';
  localPickup: boolean;
}

export type UserCommand =
  | RegisterUser
  | ChangePassword
  | RequestPasswordReset
  | CompletePasswordReset
  | AddAddress
  | DeleteAddress
  | CollateAddresses
  | GrantAdmin
  | ChangeLocalPickup;
