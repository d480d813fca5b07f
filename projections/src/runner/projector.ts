import type { Transaction } from 'kysely';
import type { RecordedEvent } from '@shop/domain/shared/events';
import type { ReadModels } from '../schema.ts';

/**
 * One read model's builder. `apply` must be deterministic (derive every value from the events,
 * never from now() or a sequence) so that a rebuild from zero equals the live tables.
 */
export interface Projector {
  name: string;
  /** The read-model tables it owns, in the public schema. */
  tables: readonly string[];
  /** The event types it reads ('all' for every one); the runner skips the rest without loading them. */
  eventTypes: readonly string[] | 'all';
  /** Applies events in log order, inside the runner's transaction (which also moves the checkpoint). */
  apply(trx: Transaction<ReadModels>, events: RecordedEvent[]): Promise<void>;
}

/**
 * Thrown by `apply` when its events must wait for another read model to catch up (a reactor that
 * reads one): the runner rolls the batch back and reads it again shortly, without calling the
 * projector failing. It is logged only when the wait goes on (the runner's `waitLoggedAfterMs`).
 */
export class WaitForReadModel extends Error {
  constructor(readonly readModel: string) {
    super(`waits for the ${readModel} read model to catch up`);
  }
}

/** The `types` filter for EventSource.readAll and countAfter. */
export function typesOf(projector: Projector): readonly string[] | undefined {
  return projector.eventTypes === 'all' ? undefined : projector.eventTypes;
}
