import type { AustralianState } from './address.ts';

/**
 * Postcode ranges of each state and territory, as Australia Post allocates them (regular
 * postcodes and the PO box / large-volume-receiver ranges), inclusive.
 */
export const POSTCODE_RANGES: Readonly<Record<AustralianState, ReadonlyArray<readonly [number, number]>>> = {
  ACT: [
    [200, 299],
    [2600, 2618],
    [2900, 2920],
  ],
  NSW: [
    [1000, 1999],
    [2000, 2599],
    [2619, 2899],
    [2921, 2999],
  ],
  NT: [[800, 999]],
  QLD: [
    [4000, 4999],
    [9000, 9999],
  ],
  SA: [[5000, 5999]],
  TAS: [[7000, 7999]],
  VIC: [
    [3000, 3999],
    [8000, 8999],
  ],
  WA: [[6000, 6999]],
};

/** "0200-0299, 2600-2618, 2900-2920" */
export function postcodeRangesText(state: AustralianState): string {
  const pad = (n: number) => String(n).padStart(4, '0');
  return POSTCODE_RANGES[state].map(([from, to]) => `${pad(from)}–${pad(to)}`).join(', ');
}

/**
 * The postcode rule: 4 digits, within the ranges Australia Post gives the state. Answers null
 * when the postcode is fine, else the message to show ("Postcode 6000 is not in QLD …").
 * A state that is not an Australian state is left to the state rule.
 */
export function postcodeProblem(postalCode: string, state: string): string | null {
  const code = postalCode.trim();
  if (!/^\d{4}$/.test(code)) return 'Postcode must be 4 digits';
  const ranges = POSTCODE_RANGES[state.trim().toUpperCase() as AustralianState];
  if (!ranges) return null;
  const n = Number(code);
  if (ranges.some(([from, to]) => n >= from && n <= to)) return null;
  return `Postcode ${code} is not in ${state.trim().toUpperCase()} (${state.trim().toUpperCase()} postcodes are ${postcodeRangesText(state.trim().toUpperCase() as AustralianState)})`;
}

/** True when the postcode is 4 digits within the state's ranges. */
export function isPostcodeOfState(postalCode: string, state: string): boolean {
  return postcodeProblem(postalCode, state) === null && state.trim().toUpperCase() in POSTCODE_RANGES;
}
