import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { saveUser } from '../../../lib/session';
import type { Address, User } from '../../../types/api';
import { DEFAULT_COUNTRY_CODE } from '../../../lib/address';

export function addAddress(address: Address): Promise<{ user: User }> {
  const { givenName, familyName, addressLine1, suburb, state, postalCode } = address;
  return api('/add-new-address/', {
    method: 'POST',
    body: { givenName, familyName, addressLine1, suburb, state, postalCode, countryCode: address.countryCode || DEFAULT_COUNTRY_CODE },
  });
}

/** Saves a new address; the answer's user replaces the stored one. */
export function useAddAddress() {
  return useMutation({ mutationFn: addAddress, onSuccess: (data) => data.user && saveUser(data.user) });
}
