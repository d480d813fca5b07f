import type { CreditEvent } from './creditEvents.ts';
import { formatCents } from './money.ts';

/** Plain words for the audit history. */
export function describeCreditEvent(event: CreditEvent): string {
  switch (event.type) {
    case 'CreditGranted':
      return `Sent ${formatCents(event.data.amountCents)} credit: ${event.data.description}`;
    case 'CreditUsed':
      return `Used ${formatCents(event.data.amountCents)} credit on order ${event.data.orderPublicId}`;
    case 'CreditCarriedForward':
      return `Carried ${formatCents(event.data.amountCents)} credit forward from order ${event.data.orderPublicId}`;
  }
}
