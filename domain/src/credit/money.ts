import { DomainError } from '../shared/decider.ts';
import { formatCents } from '../shared/money.ts';

export { formatCents };

/** The most credit one send may give: a guard against a typo of a few extra digits. */
export const MAX_CREDIT_CENTS = 1_000_000;

const DOLLARS = /^\$?(\d+)(?:\.(\d+))?$/;

/**
 * parseCreditAmount: "Send credit: the amount is typed as text." Reads a dollar amount strictly
 * ('12', '12.5', '12.50', '$12.50') and returns integer cents. Anything else is refused with a
 * DomainError 400 the admin can act on.
 */
export function parseCreditAmount(text: string): number {
  const trimmed = text.trim();
  if (trimmed === '') throw new DomainError('Please enter a credit amount', 'invalid');
  if (/^-|^\$-/.test(trimmed)) throw new DomainError('The credit amount must be more than $0.00', 'invalid');
  const match = DOLLARS.exec(trimmed);
  if (!match) throw new DomainError('Enter the credit amount in dollars, for example 12.50', 'invalid');
  const dollars = match[1] ?? '0';
  const decimals = match[2] ?? '';
  if (decimals.length > 2) throw new DomainError('The credit amount can have at most 2 decimal places', 'invalid');
  if (dollars.replace(/^0+/, '').length > 9) {
    throw new DomainError(`The credit amount cannot be more than ${formatCents(MAX_CREDIT_CENTS)}`, 'invalid');
  }
  const cents = Number(dollars) * 100 + Number(decimals.padEnd(2, '0'));
  if (cents === 0) throw new DomainError('The credit amount must be more than $0.00', 'invalid');
  if (cents > MAX_CREDIT_CENTS) {
    throw new DomainError(`The credit amount cannot be more than ${formatCents(MAX_CREDIT_CENTS)}`, 'invalid');
  }
  return cents;
}
