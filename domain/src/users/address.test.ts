import { describe, expect, it } from 'vitest';
import { addAddressSchema, addressKey, formatAddress } from './address.ts';
import { collateAddresses } from './collateAddresses.ts';

const fields = {
  givenName: 'Jane',
  familyName: 'Citizen',
  addressLine1: '1 Main St',
  suburb: 'Kenmore',
  state: 'QLD',
  postalCode: '4069',
};

describe('addAddressSchema', () => {
  it('defaults the country code to AUD and normalises the state', () => {
    expect(addAddressSchema.parse({ ...fields, state: ' queensland ' })).toEqual({ ...fields, countryCode: 'AUD' });
    expect(addAddressSchema.parse({ ...fields, state: 'nsw', postalCode: '2000' }).state).toBe('NSW');
  });
  it.each([
    [{ givenName: '' }, 'Given name is required'],
    [{ familyName: ' ' }, 'Family name is required'],
    [{ addressLine1: '' }, 'Address line is required'],
    [{ suburb: '' }, 'Suburb is required'],
    [{ state: 'XYZ' }, 'State must be an Australian state or territory'],
    [{ state: '' }, 'State must be an Australian state or territory'],
    [{ postalCode: '40691' }, 'Postal code must be 4 digits'],
    [{ postalCode: 'abcd' }, 'Postal code must be 4 digits'],
    [{ postalCode: '6000' }, 'Postcode 6000 is not in QLD (QLD postcodes are 4000–4999, 9000–9999)'],
    [{ state: 'WA' }, 'Postcode 4069 is not in WA (WA postcodes are 6000–6999)'],
  ])('refuses %j: %s', (change, message) => {
    const result = addAddressSchema.safeParse({ ...fields, ...change });
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});

describe('addressKey', () => {
  it('ignores case, spacing, id and state spelling', () => {
    expect(addressKey({ ...fields, addressLine1: ' 1  MAIN st', state: 'Queensland' })).toBe(addressKey(fields));
  });
  it('tells different people at one address apart', () => {
    expect(addressKey({ ...fields, givenName: 'John' })).not.toBe(addressKey(fields));
  });
});

describe('collateAddresses', () => {
  it('removes duplicates of saved addresses and of each other, and skips incomplete ones', () => {
    const saved = [{ ...fields, _id: 'a1', state: 'QLD' as const, countryCode: 'AUD' }];
    const other = { ...fields, addressLine1: '9 Other St' };
    const result = collateAddresses(saved, [
      { ...fields, _id: 'b1', givenName: 'JANE' },
      { ...other, _id: 'b2' },
      { ...other, _id: 'b3', suburb: 'kenmore ' },
      { ...other, _id: 'b4', postalCode: '' },
    ]);
    expect(result).toEqual([{ ...other, _id: 'b2', countryCode: 'AUD' }]);
  });
});

describe('formatAddress', () => {
  it('reads as one line', () => {
    expect(formatAddress(fields)).toBe('Jane Citizen, 1 Main St, Kenmore QLD 4069');
  });
});
