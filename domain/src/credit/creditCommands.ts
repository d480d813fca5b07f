export interface GrantCredit {
  type: 'GrantCredit';
  amountCents: number;
  description: string;
  /** The admin's user id. */
  grantedBy: string;
}

export interface UseCredit {
  type: 'UseCredit';
  orderId: string;
  orderPublicId: number;
  amountCents: number;
}

export interface CarryCreditForward {
  type: 'CarryCreditForward';
  orderId: string;
  orderPublicId: number;
  amountCents: number;
}

export type CreditCommand = GrantCredit | UseCredit | CarryCreditForward;
