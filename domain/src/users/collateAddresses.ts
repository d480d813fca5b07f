import { addressKey, addressSchema, type Address, type AddressCandidate } from './address.ts';

/**
 * collateAddresses ("Collate Addresses From Orders"): the addresses from the user's orders that
 * are worth saving - complete and valid, and not already saved or repeated (normalised
 * comparison, see addressKey). Each candidate carries the _id it will be saved under.
 */
export function collateAddresses(existing: readonly Address[], fromOrders: readonly AddressCandidate[]): Address[] {
  const seen = new Set(existing.map(addressKey));
  const added: Address[] = [];
  for (const candidate of fromOrders) {
    const parsed = addressSchema.safeParse(candidate);
    if (!parsed.success) continue;
    const key = addressKey(parsed.data);
    if (seen.has(key)) continue;
    seen.add(key);
    added.push(parsed.data);
  }
  return added;
}
