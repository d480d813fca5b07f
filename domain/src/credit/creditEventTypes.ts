import type { CreditEvent } from './index.ts';

const CREDIT_EVENT_TYPE_SET: Record<CreditEvent['type'], true> = {
  CreditGranted: true,
  CreditUsed: true,
  CreditCarriedForward: true,
};

/** Every event type of the 'credit' stream (checked complete by the compiler). */
export const CREDIT_EVENT_TYPES = Object.keys(CREDIT_EVENT_TYPE_SET) as CreditEvent['type'][];
