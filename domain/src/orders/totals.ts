import { orderPostageCents, type PostageLine } from './postage.ts';

/** "Paid in full: toPay at most 0.01 with total at least 0.01" - in cents, 1 and 1. */
export const PAID_IN_FULL_TOLERANCE_CENTS = 1;

export interface OrderTotalsInput {
  lines: readonly PostageLine[];
  pickup: boolean;
  adhocName: string | null;
  /** Payments already recorded on the order, in cents. */
  paymentsCents: readonly number[];
  /** The customer's credit balance that may be used. */
  creditAvailableCents: number;
}

export interface OrderTotals {
  itemCount: number;
  /** Sum of price x quantity. */
  total: number;
  pnp: number;
  paid: number;
  /** Credit brought from before: only what the order needs. */
  creditFrom: number;
  /** Credit available but not needed; it stays on the customer's balance. */
  creditLeft: number;
  /** The overspend: payments and credit beyond what the order needs, carried forward as credit. */
  creditForward: number;
  /** total + pnp - paid - creditFrom, with a floor of 0. */
  toPay: number;
  paidInFull: boolean;
}

/**
 * orderTotals (spec "Order totals"). Money in is money out:
 * paid + creditFrom + toPay = total + pnp + creditForward, and creditAvailable = creditFrom + creditLeft.
 */
export function orderTotals({ lines, pickup, adhocName, paymentsCents, creditAvailableCents }: OrderTotalsInput): OrderTotals {
  const itemCount = lines.reduce((n, l) => n + l.quantity, 0);
  const total = lines.reduce((sum, l) => sum + l.price * l.quantity, 0);
  const pnp = orderPostageCents({ lines, pickup, adhocName });
  const paid = paymentsCents.reduce((sum, p) => sum + p, 0);
  const creditAvailable = Math.max(0, creditAvailableCents);
  const due = total + pnp;
  const stillDue = Math.max(0, due - paid);
  const creditFrom = Math.min(creditAvailable, stillDue);
  const toPay = Math.max(0, due - paid - creditFrom);
  const creditForward = Math.max(0, paid + creditFrom - due);
  return {
    itemCount,
    total,
    pnp,
    paid,
    creditFrom,
    creditLeft: creditAvailable - creditFrom,
    creditForward,
    toPay,
    paidInFull: toPay <= PAID_IN_FULL_TOLERANCE_CENTS && total >= 1,
  };
}
