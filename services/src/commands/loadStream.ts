import type { Decider } from '@shop/domain/shared/decider';
import { fold } from '@shop/domain/shared/decider';
import type { DomainEvent, RecordedEvent } from '@shop/domain/shared/events';
import type { EventStore } from '../eventstore/types.ts';

// Reading a stream's state for a query or a check; writing goes through the handler (handle.ts).

export interface LoadedStream<S> {
  state: S;
  version: number;
  events: readonly RecordedEvent[];
}

export async function loadStream<C, E extends DomainEvent, S>(
  store: EventStore,
  decider: Decider<C, E, S>,
  streamId: string,
): Promise<LoadedStream<S>> {
  return loadedFrom(decider, await store.readStream(streamId));
}

/** A stream's state and version from its events (as read by readStream or readStreams). */
export function loadedFrom<C, E extends DomainEvent, S>(decider: Decider<C, E, S>, events: readonly RecordedEvent[]): LoadedStream<S> {
  return { state: fold(decider, events as unknown as E[]), version: events.length, events };
}
