export type { CreditEvent, CreditGranted, CreditUsed, CreditCarriedForward } from './creditEvents.ts';
export type { CreditCommand, GrantCredit, UseCredit, CarryCreditForward } from './creditCommands.ts';
export {
  creditDecider,
  initialCreditState,
  evolveCredit,
  grantCredit,
  useCredit,
  carryCreditForward,
  MAX_CREDIT_DESCRIPTION,
  type CreditState,
} from './credit.ts';
export { describeCreditEvent } from './describeCreditEvent.ts';
export { formatCents, parseCreditAmount, MAX_CREDIT_CENTS } from './money.ts';
export { sendCreditSchema, type SendCredit, type SendCreditBody } from './sendCreditSchema.ts';
