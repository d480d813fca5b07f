import { z } from 'zod';
import { postcodeProblem } from './postcode.ts';

/** Australian states and territories, as the address search gives them. */
export const AUSTRALIAN_STATES = ['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA'] as const;
export type AustralianState = (typeof AUSTRALIAN_STATES)[number];

const STATE_NAMES: Readonly<Record<string, AustralianState>> = {
  'AUSTRALIAN CAPITAL TERRITORY': 'ACT',
  'NEW SOUTH WALES': 'NSW',
  'NORTHERN TERRITORY': 'NT',
  QUEENSLAND: 'QLD',
  'SOUTH AUSTRALIA': 'SA',
  TASMANIA: 'TAS',
  VICTORIA: 'VIC',
  'WESTERN AUSTRALIA': 'WA',
};

/** "Address: countryCode (default AUD)" - kept as the spec spells it. */
export const DEFAULT_COUNTRY_CODE = 'AUD';

/** 'qld', ' Queensland ' -> 'QLD'; anything else is left for the enum to refuse. */
function normaliseState(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const upper = value.trim().replace(/\s+/g, ' ').toUpperCase();
  return STATE_NAMES[upper] ?? upper;
}

const required = (label: string, max: number) =>
  z
    .string({ required_error: `${label} is required`, invalid_type_error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} is at most ${max} characters`);

/**
 * Address fields rule: "given name, family name, address line, suburb, state, postal code must
 * each be non-empty". State is an Australian state or territory; the postal code is 4 digits.
 * This is also the body of POST /api/add-new-address/.
 */
export const addressFieldsSchema = z.object({
  givenName: required('Given name', 100),
  familyName: required('Family name', 100),
  addressLine1: required('Address line', 200),
  suburb: required('Suburb', 100),
  state: z.preprocess(
    normaliseState,
    z.enum(AUSTRALIAN_STATES, { errorMap: () => ({ message: 'State must be an Australian state or territory' }) }),
  ),
  postalCode: z
    .string({ required_error: 'Postal code is required' })
    .trim()
    .regex(/^\d{4}$/, 'Postal code must be 4 digits'),
  countryCode: z.string().trim().max(10).default(DEFAULT_COUNTRY_CODE),
});

/** The postcode is within the ranges Australia Post gives the state (`postcodeProblem`). */
function postcodeOfState(address: { state: string; postalCode: string }, ctx: z.RefinementCtx): void {
  const problem = postcodeProblem(address.postalCode, address.state);
  if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['postalCode'], message: problem });
}

/** The address fields with the postcode checked against the state: every address the shop accepts. */
export const checkedAddressFieldsSchema = addressFieldsSchema.superRefine(postcodeOfState);
export const addAddressSchema = checkedAddressFieldsSchema;
export type AddAddressBody = z.input<typeof addAddressSchema>;
export type AddressFields = z.output<typeof addressFieldsSchema>;

/** A saved address. */
export const addressSchema = addressFieldsSchema.extend({ _id: z.string().min(1) }).superRefine(postcodeOfState);
export type Address = z.output<typeof addressSchema>;

/** The fields that make two addresses the same one. */
export interface AddressLike {
  givenName: string;
  familyName: string;
  addressLine1: string;
  suburb: string;
  state: string;
  postalCode: string;
}

/** An address as an order holds it: plain strings, maybe incomplete, with the _id it would be saved under. */
export type AddressCandidate = { _id: string } & Partial<Record<keyof AddressLike | 'countryCode', string>>;

const norm = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * addressKey: a normalised comparison key (case, spacing and state spelling ignored; _id and
 * countryCode ignored).
 */
export function addressKey(address: AddressLike): string {
  const state = normaliseState(address.state);
  return [
    address.givenName,
    address.familyName,
    address.addressLine1,
    address.suburb,
    typeof state === 'string' ? state : address.state,
    address.postalCode,
  ]
    .map(norm)
    .join('|');
}

/** "Jane Citizen, 1 Main St, Kenmore QLD 4069" */
export function formatAddress(address: AddressLike): string {
  const name = `${address.givenName} ${address.familyName}`.trim();
  const place = [address.suburb, address.state, address.postalCode].filter((p) => p.trim() !== '').join(' ');
  return [name, address.addressLine1, place].filter((p) => p.trim() !== '').join(', ');
}
