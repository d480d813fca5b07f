import type { Decider } from '@shop/domain/shared/decider';
import { fold } from '@shop/domain/shared/decider';
import type { DomainEvent, EventMetadata, RecordedEvent } from '@shop/domain/shared/events';
import type { EventStore } from '../eventstore/types.ts';
import { execute } from './execute.ts';

export interface CommandResult<S, E extends DomainEvent> {
  state: S;
  newEvents: E[];
  version: number;
}

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

/**
 * One command on one stream: load, decide, append with the version decided on, deciding again on
 * a concurrent change (up to `retries` times). The one mechanism is `execute`; this is its
 * single-command shape.
 */
export async function handleCommand<C, E extends DomainEvent, S>(
  store: EventStore,
  decider: Decider<C, E, S>,
  streamId: string,
  command: C,
  metadata: EventMetadata,
  options: { retries?: number } = {},
): Promise<CommandResult<S, E>> {
  const { state, version, appended } = await execute(store, decider, streamId, command, metadata, { retries: options.retries ?? 3 });
  return { state, newEvents: appended.map((a) => a.event), version };
}
