import type { Decider } from '@shop/domain/shared/decider';
import { fold } from '@shop/domain/shared/decider';
import type { DomainEvent, EventMetadata, RecordedEvent } from '@shop/domain/shared/events';
import { ConcurrencyError, type EventStore } from '../eventstore/types.ts';

export interface CommandResult<S, E extends DomainEvent> {
  state: S;
  newEvents: E[];
  version: number;
}

export interface LoadedStream<S> {
  state: S;
  version: number;
  events: RecordedEvent[];
}

export async function loadStream<C, E extends DomainEvent, S>(
  store: EventStore,
  decider: Decider<C, E, S>,
  streamId: string,
): Promise<LoadedStream<S>> {
  const events = await store.readStream(streamId);
  return { state: fold(decider, events as unknown as E[]), version: events.length, events };
}

/**
 * Load, decide, append with the version we decided on; on a concurrent change, decide again on the
 * new state (up to `retries` times) so commands that commute never bother the user.
 */
export async function handleCommand<C, E extends DomainEvent, S>(
  store: EventStore,
  decider: Decider<C, E, S>,
  streamId: string,
  command: C,
  metadata: EventMetadata,
  options: { retries?: number; expectExisting?: boolean } = {},
): Promise<CommandResult<S, E>> {
  const retries = options.retries ?? 3;
  for (let attempt = 0; ; attempt++) {
    const { state, version } = await loadStream(store, decider, streamId);
    const newEvents = decider.decide(command, state);
    if (newEvents.length === 0) return { state, newEvents, version };
    try {
      const { nextVersion } = await store.append(
        streamId,
        decider.streamType,
        newEvents.map((e) => ({ type: e.type, data: e.data, metadata })),
        version === 0 ? 'no_stream' : version,
      );
      return { state: newEvents.reduce(decider.evolve, state), newEvents, version: nextVersion };
    } catch (e) {
      if (e instanceof ConcurrencyError && attempt < retries) continue;
      throw e;
    }
  }
}
