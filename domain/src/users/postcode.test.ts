import { describe, expect, it } from 'vitest';
import { isPostcodeOfState, postcodeProblem } from './postcode.ts';

describe('postcodeProblem (Australia Post ranges)', () => {
  it.each([
    ['4000', 'QLD'],
    ['4069', 'QLD'],
    ['9726', 'QLD'],
    ['2000', 'NSW'],
    ['1225', 'NSW'],
    ['2619', 'NSW'],
    ['2999', 'NSW'],
    ['2600', 'ACT'],
    ['2618', 'ACT'],
    ['2913', 'ACT'],
    ['0200', 'ACT'],
    ['3000', 'VIC'],
    ['8001', 'VIC'],
    ['5000', 'SA'],
    ['5950', 'SA'],
    ['6000', 'WA'],
    ['6800', 'WA'],
    ['7000', 'TAS'],
    ['7800', 'TAS'],
    ['0800', 'NT'],
    ['0872', 'NT'],
    [' 4000 ', 'qld'],
  ])('%s is a %s postcode', (postcode, state) => {
    expect(postcodeProblem(postcode, state)).toBeNull();
    expect(isPostcodeOfState(postcode, state)).toBe(true);
  });

  it.each([
    ['6000', 'QLD', 'Postcode 6000 is not in QLD (QLD postcodes are 4000–4999, 9000–9999)'],
    ['4000', 'NSW', 'Postcode 4000 is not in NSW (NSW postcodes are 1000–1999, 2000–2599, 2619–2899, 2921–2999)'],
    ['2600', 'NSW', 'Postcode 2600 is not in NSW (NSW postcodes are 1000–1999, 2000–2599, 2619–2899, 2921–2999)'],
    ['2619', 'ACT', 'Postcode 2619 is not in ACT (ACT postcodes are 0200–0299, 2600–2618, 2900–2920)'],
    ['3000', 'TAS', 'Postcode 3000 is not in TAS (TAS postcodes are 7000–7999)'],
    ['0800', 'WA', 'Postcode 0800 is not in WA (WA postcodes are 6000–6999)'],
    ['0100', 'NT', 'Postcode 0100 is not in NT (NT postcodes are 0800–0999)'],
    ['abcd', 'QLD', 'Postcode must be 4 digits'],
    ['400', 'QLD', 'Postcode must be 4 digits'],
    ['40001', 'QLD', 'Postcode must be 4 digits'],
    ['', 'QLD', 'Postcode must be 4 digits'],
  ])('%s in %s: %s', (postcode, state, message) => {
    expect(postcodeProblem(postcode, state)).toBe(message);
    expect(isPostcodeOfState(postcode, state)).toBe(false);
  });

  it('leaves an unknown state to the state rule', () => {
    expect(postcodeProblem('4000', 'XYZ')).toBeNull();
    expect(isPostcodeOfState('4000', 'XYZ')).toBe(false);
  });
});
