/**
 * A slab's certification number is unique per grader. Like an account's email, uniqueness is a
 * stream of its own (`slabcert-{grader}-{number}`), written in the same step as the stock item:
 * its last event names the item holding the certification, and the append's expected version
 * settles two items racing for one number.
 */
import { DomainError, type Decider } from '../shared/decider.ts';
import type { DomainEvent } from '../shared/events.ts';

export type SlabCertReserved = DomainEvent<'SlabCertReserved', { grader: string; certNumber: string; stockItemId: string }>;
export type SlabCertReleased = DomainEvent<'SlabCertReleased', { grader: string; certNumber: string; stockItemId: string }>;
export type SlabCertEvent = SlabCertReserved | SlabCertReleased;

export type ReserveSlabCert = { type: 'ReserveSlabCert'; grader: string; certNumber: string; stockItemId: string };
export type ReleaseSlabCert = { type: 'ReleaseSlabCert'; grader: string; certNumber: string; stockItemId: string };
export type SlabCertCommand = ReserveSlabCert | ReleaseSlabCert;

export interface SlabCertState {
  /** The stock item holding the certification, or null when free. */
  holder: string | null;
}

export const certTakenMessage = (grader: string, certNumber: string) =>
  `Certification number ${certNumber} is already used for ${grader}: each slab's certification belongs to one stock item`;

export const slabCertDecider: Decider<SlabCertCommand, SlabCertEvent, SlabCertState> = {
  streamType: 'slabcert',
  initialState: () => ({ holder: null }),
  decide(command, state) {
    const data = { grader: command.grader, certNumber: command.certNumber, stockItemId: command.stockItemId };
    if (command.type === 'ReserveSlabCert') {
      if (state.holder === command.stockItemId) return [];
      if (state.holder !== null) throw new DomainError(certTakenMessage(command.grader, command.certNumber), 'conflict');
      return [{ type: 'SlabCertReserved', data }];
    }
    if (state.holder !== command.stockItemId) return [];
    return [{ type: 'SlabCertReleased', data }];
  },
  evolve: (state, event) =>
    event.type === 'SlabCertReserved'
      ? { holder: event.data.stockItemId }
      : state.holder === event.data.stockItemId
        ? { holder: null }
        : state,
};

/** The reservation stream's id part: grader and normalised number (letters, digits). */
export const slabCertKey = (grader: string, certNumber: string) => `${grader.toLowerCase()}-${certNumber.toLowerCase()}`;
