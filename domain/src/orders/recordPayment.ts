import { DomainError } from '../shared/decider.ts';
import type { RecordPayment } from './orderCommands.ts';
import { PAYMENT_PROVIDERS, type OrderEvent } from './orderEvents.ts';
import { assertOrderExists } from './orderGuards.ts';
import type { OrderState } from './orderState.ts';

/**
 * RecordPayment: money taken for the checkout in progress. The same payment id twice records it
 * once. Only an ad-hoc sale is paid in person.
 */
export function recordPayment(command: RecordPayment, state: OrderState): OrderEvent[] {
  assertOrderExists(state);
  if (state.payments.some((p) => p.paymentId === command.paymentId)) return [];
  const checkout = state.checkout;
  if (!checkout) throw new DomainError('There is no checkout in progress for this order', 'conflict');
  if (checkout.checkoutId !== command.checkoutId) {
    throw new DomainError('This payment belongs to a different checkout', 'conflict');
  }
  if (!Number.isSafeInteger(command.amountCents) || command.amountCents <= 0) {
    throw new DomainError('A payment must be a whole number of cents more than 0', 'invalid');
  }
  if (!PAYMENT_PROVIDERS.includes(command.provider)) throw new DomainError('Unknown payment provider', 'invalid');
  if (command.provider === 'in_person' && !checkout.adhoc) {
    throw new DomainError('Only an ad-hoc sale can be paid in person', 'forbidden');
  }
  return [
    {
      type: 'PaymentRecorded',
      data: {
        checkoutId: command.checkoutId,
        paymentId: command.paymentId,
        amountCents: command.amountCents,
        provider: command.provider,
        recordedAt: command.at,
      },
    },
  ];
}
