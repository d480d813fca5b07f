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

/** A refused command. `status` is the HTTP status the API answers with; the message is shown to users. */
export class DomainError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 402 | 403 | 404 | 409 | 422 = 400,
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
