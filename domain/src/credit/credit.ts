import { DomainError, type Decider } from '../shared/decider.ts';
import type { CarryCreditForward, CreditCommand, GrantCredit, UseCredit } from './creditCommands.ts';
import type { CreditEvent } from './creditEvents.ts';
import { formatCents } from './money.ts';

/** One credit stream per user (stream id: the user id). */
export interface CreditState {
  /** The sum of the stream's events: granted + carried forward - used. */
  balanceCents: number;
  usedByOrder: Readonly<Record<string, number>>;
  carriedForwardByOrder: Readonly<Record<string, number>>;
}

export const MAX_CREDIT_DESCRIPTION = 500;

export const initialCreditState = (): CreditState => ({ balanceCents: 0, usedByOrder: {}, carriedForwardByOrder: {} });

function assertPositiveCents(amountCents: number, what: string): void {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) {
    throw new DomainError(`The ${what} must be a whole number of cents more than 0`, 'invalid');
  }
}

export function grantCredit(command: GrantCredit): CreditEvent[] {
  assertPositiveCents(command.amountCents, 'credit amount');
  const description = command.description.trim();
  if (description === '') throw new DomainError('Please enter a description for the credit', 'invalid');
  if (description.length > MAX_CREDIT_DESCRIPTION) {
    throw new DomainError(`The description is at most ${MAX_CREDIT_DESCRIPTION} characters`, 'invalid');
  }
  return [{ type: 'CreditGranted', data: { amountCents: command.amountCents, description, grantedBy: command.grantedBy } }];
}

/** Refuses using more than the balance. Repeating the same use for the same order changes nothing. */
export function useCredit(command: UseCredit, state: CreditState): CreditEvent[] {
  assertPositiveCents(command.amountCents, 'credit used');
  const already = state.usedByOrder[command.orderId];
  if (already !== undefined) {
    if (already === command.amountCents) return [];
    throw new DomainError(`Credit of ${formatCents(already)} was already used for this order`, 'conflict');
  }
  if (command.amountCents > state.balanceCents) {
    throw new DomainError(
      `Not enough credit: ${formatCents(state.balanceCents)} available, ${formatCents(command.amountCents)} needed`,
      'conflict',
    );
  }
  const { orderId, orderPublicId, amountCents } = command;
  return [{ type: 'CreditUsed', data: { orderId, orderPublicId, amountCents } }];
}

/** Repeating the same carry-forward for the same order changes nothing. */
export function carryCreditForward(command: CarryCreditForward, state: CreditState): CreditEvent[] {
  assertPositiveCents(command.amountCents, 'credit carried forward');
  const already = state.carriedForwardByOrder[command.orderId];
  if (already !== undefined) {
    if (already === command.amountCents) return [];
    throw new DomainError(`Credit of ${formatCents(already)} was already carried forward from this order`, 'conflict');
  }
  const { orderId, orderPublicId, amountCents } = command;
  return [{ type: 'CreditCarriedForward', data: { orderId, orderPublicId, amountCents } }];
}

export function evolveCredit(state: CreditState, event: CreditEvent): CreditState {
  switch (event.type) {
    case 'CreditGranted':
      return { ...state, balanceCents: state.balanceCents + event.data.amountCents };
    case 'CreditUsed':
      return {
        ...state,
        balanceCents: state.balanceCents - event.data.amountCents,
        usedByOrder: { ...state.usedByOrder, [event.data.orderId]: event.data.amountCents },
      };
    case 'CreditCarriedForward':
      return {
        ...state,
        balanceCents: state.balanceCents + event.data.amountCents,
        carriedForwardByOrder: { ...state.carriedForwardByOrder, [event.data.orderId]: event.data.amountCents },
      };
  }
}

export const creditDecider: Decider<CreditCommand, CreditEvent, CreditState> = {
  streamType: 'credit',
  initialState: initialCreditState,
  decide(command, state) {
    switch (command.type) {
      case 'GrantCredit':
        return grantCredit(command);
      case 'UseCredit':
        return useCredit(command, state);
      case 'CarryCreditForward':
        return carryCreditForward(command, state);
    }
  },
  evolve: evolveCredit,
};
