export interface ChargeRequest {
  amountCents: number;
  /** The card token (nonce) from the browser's payment form. */
  sourceId: string;
  /** The buyer verification token (3-D Secure / SCA), when the form produced one. */
  verificationToken?: string | null;
  /** Same key, same charge: a retried request never charges twice. */
  idempotencyKey: string;
  referenceId: string;
  note?: string;
}

export type ChargeResult = { ok: true; paymentId: string; amountCents: number } | { ok: false; code: string; message: string };

export interface PaymentGateway {
  readonly name: string;
  charge(request: ChargeRequest): Promise<ChargeResult>;
  refund(paymentId: string, amountCents: number, idempotencyKey: string): Promise<void>;
}

/** What a shopper reads for each of Square's payment error codes. */
export const PAYMENT_ERROR_MESSAGES: Record<string, string> = {
  CARD_DECLINED: 'Your card was declined. Please check the details or use another card.',
  CVV_FAILURE: 'The card security code (CVV) was not accepted. Please check it and try again.',
  ADDRESS_VERIFICATION_FAILURE: 'The postcode did not match the card. Please check it and try again.',
  INVALID_EXPIRATION: 'The card expiry date is not valid. Please check it and try again.',
  CARD_TOKEN_USED: 'This card entry was already used. Please enter the card again.',
  INSUFFICIENT_FUNDS: 'The card has insufficient funds. Please use another card.',
  INVALID_CARD_DATA: 'The card details are not valid. Please enter the card again.',
  GENERIC_DECLINE: 'Your card was declined. Please use another card.',
};

export function paymentErrorMessage(code: string): string {
  return PAYMENT_ERROR_MESSAGES[code] ?? 'The payment could not be taken. Please try again or use another card.';
}
