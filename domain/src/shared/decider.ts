import type { DomainEvent } from './events.ts';

/**
 * A decider: the write-side rules of one stream type. `decide` is pure and throws a
 * `DomainError` to refuse a command; `evolve` folds events into state.
 */
export interface Decider<Command, Event extends DomainEvent, State> {
  streamType: string;
  initialState: () => State;
  decide: (command: Command, state: State) => Event[];
  evolve: (state: State, event: Event) => State;
}

/**
 * What kind of refusal an error is. The HTTP layer alone turns a kind into a status
 * (services/src/api/errors.ts); below it only kinds are known.
 */
export type ErrorKind =
  'invalid' | 'unauthenticated' | 'payment-required' | 'forbidden' | 'not-found' | 'conflict' | 'refused' | 'unavailable';

/** A refused command (or a use case's refusal): the message is shown to users, the kind says why. */
export class DomainError extends Error {
  constructor(
    message: string,
    readonly kind: ErrorKind = 'invalid',
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export function fold<Event extends DomainEvent, State>(
  decider: Pick<Decider<unknown, Event, State>, 'initialState' | 'evolve'>,
  events: readonly Event[],
): State {
  return events.reduce(decider.evolve, decider.initialState());
}
