import { postcodeProblem } from '@shop/domain/users/postcode';
import type { Address } from '../types/api';

export const AUSTRALIAN_STATES = [
  { code: 'ACT', name: 'Australian Capital Territory' },
  { code: 'NSW', name: 'New South Wales' },
  { code: 'NT', name: 'Northern Territory' },
  { code: 'QLD', name: 'Queensland' },
  { code: 'SA', name: 'South Australia' },
  { code: 'TAS', name: 'Tasmania' },
  { code: 'VIC', name: 'Victoria' },
  { code: 'WA', name: 'Western Australia' },
] as const;

export const DEFAULT_COUNTRY_CODE = 'AUD';

export const ADDRESS_FIELDS = ['givenName', 'familyName', 'addressLine1', 'suburb', 'state', 'postalCode'] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];

export const ADDRESS_LABELS: Record<AddressField, string> = {
  givenName: 'Given name',
  familyName: 'Family name',
  addressLine1: 'Address',
  suburb: 'Suburb',
  state: 'State',
  postalCode: 'Postcode',
};

export function emptyAddress(partial: Partial<Address> = {}): Address {
  return {
    givenName: '',
    familyName: '',
    addressLine1: '',
    suburb: '',
    state: '',
    postalCode: '',
    countryCode: DEFAULT_COUNTRY_CODE,
    ...partial,
  };
}

/** The blank (invalid) fields of an address: each must be non-empty. */
export function invalidAddressFields(address: Partial<Address> | null | undefined): AddressField[] {
  return ADDRESS_FIELDS.filter((field) => !String(address?.[field] ?? '').trim());
}

/** Each field's problem, worded for the shopper: blank fields, and a postcode of 4 digits within the state's ranges. */
export type AddressErrors = Partial<Record<AddressField, string>>;

export function addressErrors(address: Partial<Address> | null | undefined): AddressErrors {
  const errors: AddressErrors = {};
  for (const field of invalidAddressFields(address)) errors[field] = `${ADDRESS_LABELS[field]} is required`;
  const postalCode = String(address?.postalCode ?? '').trim();
  if (postalCode && !errors.postalCode) {
    const problem = postcodeProblem(postalCode, String(address?.state ?? ''));
    if (problem) errors.postalCode = problem;
  }
  return errors;
}

/** A list of blank fields or a map of messages, as a map of messages. */
export function toAddressErrors(invalid: AddressField[] | AddressErrors | undefined): AddressErrors {
  if (!invalid) return {};
  if (Array.isArray(invalid)) return Object.fromEntries(invalid.map((f) => [f, `${ADDRESS_LABELS[f]} is required`]));
  return invalid;
}

export function hasAddressErrors(errors: AddressErrors): boolean {
  return Object.values(errors).some(Boolean);
}

export function isAddressComplete(address: Partial<Address> | null | undefined): boolean {
  return invalidAddressFields(address).length === 0;
}

export function formatAddress(address: Partial<Address> | null | undefined): string {
  if (!address) return '';
  const name = [address.givenName, address.familyName].filter(Boolean).join(' ');
  const place = [address.suburb, address.state, address.postalCode].filter(Boolean).join(' ');
  return [name, address.addressLine1, place].filter(Boolean).join(', ');
}

/**
 * Splits a formatted Australian address such as
 * "12 Smith St, Indooroopilly QLD 4068, Australia" into address line, suburb,
 * state and postcode (state and postcode come from the formatted address).
 */
export function parseFormattedAddress(formatted: string): Pick<Address, 'addressLine1' | 'suburb' | 'state' | 'postalCode'> {
  const parts = formatted
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p && !/^australia$/i.test(p));
  const statePattern = /^(.*?)\s*\b(ACT|NSW|NT|QLD|SA|TAS|VIC|WA)\s+(\d{4})$/i;
  let suburb = '';
  let state = '';
  let postalCode = '';
  let placeIndex = -1;
  for (let i = parts.length - 1; i >= 0; i -= 1) {
    const match = statePattern.exec(parts[i] ?? '');
    if (match) {
      suburb = (match[1] ?? '').trim();
      state = (match[2] ?? '').toUpperCase();
      postalCode = match[3] ?? '';
      placeIndex = i;
      break;
    }
  }
  const lineParts = placeIndex >= 0 ? parts.slice(0, placeIndex) : parts;
  return { addressLine1: lineParts.join(', '), suburb, state, postalCode };
}

/** The address fields compared for "same address". */
export function sameAddress(a: Partial<Address> | null | undefined, b: Partial<Address> | null | undefined): boolean {
  if (!a || !b) return false;
  if (a._id && b._id) return a._id === b._id;
  return ADDRESS_FIELDS.every((field) => String(a[field] ?? '').trim() === String(b[field] ?? '').trim());
}
