import { DomainError } from '../shared/decider.ts';
import type { StartOrder } from './orderCommands.ts';
import { ORDER_TYPES, type OrderEvent } from './orderEvents.ts';
import type { OrderState } from './orderState.ts';

/** StartOrder: a new current order for a user or a guest, or an order imported from the marketplace. */
export function startOrder(command: StartOrder, state: OrderState): OrderEvent[] {
  if (state.started) throw new DomainError('This order already exists', 'conflict');
  if (!Number.isSafeInteger(command.publicId) || command.publicId < 1) {
    throw new DomainError('An order number must be a whole number above 0', 'invalid');
  }
  if (!ORDER_TYPES.includes(command.orderType)) throw new DomainError('Unknown order type', 'invalid');
  const externalId = command.externalId?.trim() || null;
  if (command.orderType === 'ebay' && externalId === null) {
    throw new DomainError('A marketplace order needs its marketplace order number', 'invalid');
  }
  const { owner } = command;
  const ownerId = owner.kind === 'user' ? owner.userId : owner.token;
  if (ownerId.trim() === '') throw new DomainError('An order needs an owner', 'invalid');
  return [
    {
      type: 'OrderStarted',
      data: {
        orderId: command.orderId,
        publicId: command.publicId,
        type: command.orderType,
        externalId,
        ownerUserId: owner.kind === 'user' ? owner.userId : null,
        guestToken: owner.kind === 'guest' ? owner.token : null,
        date: command.date,
      },
    },
  ];
}
