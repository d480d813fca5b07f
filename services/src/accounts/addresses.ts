import { randomUUID } from 'node:crypto';
import { userDecider, type AddAddressBody, type AddressCandidate } from '@shop/domain/users/index';
import { addAddressSchema } from '@shop/domain/users/index';
import type { OrderAddress } from '@shop/domain/orders/index';
import type { EventMetadata } from '@shop/domain/shared/events';
import type { Deps } from '../deps/deps.ts';
import type { UserIdentity } from './actor.ts';
import { handle } from '../commands/handle.ts';
import { userStreamId, userView, type UserView } from './users.ts';

/** POST /api/add-new-address/: the address rules apply (non-empty fields, Australian state, 4-digit postcode). */
export async function addAddress(ctx: Deps, identity: UserIdentity, body: AddAddressBody, metadata: EventMetadata): Promise<UserView> {
  const fields = addAddressSchema.parse(body);
  const executed = await handle(
    ctx,
    userDecider,
    userStreamId(identity.userId),
    { type: 'AddAddress', address: { ...fields, _id: randomUUID() } },
    metadata,
  );
  return userView(executed.state);
}

/** DELETE /api/delete-address/{id} */
export async function deleteAddress(ctx: Deps, identity: UserIdentity, addressId: string, metadata: EventMetadata): Promise<UserView> {
  const executed = await handle(ctx, userDecider, userStreamId(identity.userId), { type: 'DeleteAddress', addressId }, metadata);
  return userView(executed.state);
}

function candidate(address: OrderAddress | null): AddressCandidate | null {
  if (!address) return null;
  const { _id: _ignored, ...fields } = address;
  return { _id: randomUUID(), ...fields };
}

/**
 * POST /api/collate-addresses-from-order/: the shipping and billing addresses of the user's
 * completed orders, newest first, that are complete and not saved already (normalised comparison).
 */
export async function collateAddressesFromOrders(ctx: Deps, identity: UserIdentity, metadata: EventMetadata): Promise<UserView> {
  const orders = await ctx.db
    .selectFrom('orders')
    .select(['shipping_address', 'billing_address'])
    .where('user_id', '=', identity.userId)
    .where('complete', '=', true)
    .where('deleted', '=', false)
    .orderBy('completed_date', 'desc')
    .execute();
  const fromOrders = orders
    .flatMap((o) => [candidate(o.shipping_address), candidate(o.billing_address)])
    .filter((c): c is AddressCandidate => c !== null);
  const executed = await handle(ctx, userDecider, userStreamId(identity.userId), { type: 'CollateAddresses', fromOrders }, metadata);
  return userView(executed.state);
}
