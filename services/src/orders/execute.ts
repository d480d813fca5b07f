import { randomUUID } from 'node:crypto';
import { fold, type Decider } from '@shop/domain/shared/decider';
import type { DomainEvent, EventMetadata, RecordedEvent } from '@shop/domain/shared/events';
import { ConcurrencyError, type EventStore } from '../eventstore/types.ts';

export interface ExecutedEvent<E extends DomainEvent> {
  eventId: string;
  event: E;
}

export interface Executed<S, E extends DomainEvent> {
  /** The state after the new events. */
  state: S;
  version: number;
  /** The events this command appended (none when the decider had nothing to do), with their ids. */
  appended: ExecutedEvent<E>[];
  /** The stream's events before this command. */
  before: RecordedEvent[];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Load, decide, append with the version decided on (like handleCommand), giving each new event an
 * id chosen here so that follow-up work (an email job) can be keyed by it. `command` may be a
 * function of the state, for commands that depend on what the stream holds. On a concurrent change
 * it decides again on the new state, with a short random pause for hot streams.
 */
export async function execute<C, E extends DomainEvent, S>(
  store: EventStore,
  decider: Decider<C, E, S>,
  streamId: string,
  command: C | ((state: S) => C),
  metadata: EventMetadata,
  options: { retries?: number } = {},
): Promise<Executed<S, E>> {
  const retries = options.retries ?? 5;
  for (let attempt = 0; ; attempt++) {
    const before = await store.readStream(streamId);
    const state = fold(decider, before as unknown as E[]);
    const resolved = typeof command === 'function' ? (command as (state: S) => C)(state) : command;
    const events = decider.decide(resolved, state);
    if (events.length === 0) return { state, version: before.length, appended: [], before };
    const appended = events.map((event) => ({ eventId: randomUUID(), event }));
    try {
      const { nextVersion } = await store.append(
        streamId,
        decider.streamType,
        appended.map(({ eventId, event }) => ({ eventId, type: event.type, data: event.data, metadata })),
        before.length === 0 ? 'no_stream' : before.length,
      );
      return { state: events.reduce(decider.evolve, state), version: nextVersion, appended, before };
    } catch (e) {
      if (e instanceof ConcurrencyError && attempt < retries) {
        await sleep(Math.random() * Math.min(50, 5 * (attempt + 1)));
        continue;
      }
      throw e;
    }
  }
}

/** The id of the newest event of `type` among those appended now or before. */
export function eventIdOf<S, E extends DomainEvent>(executed: Executed<S, E>, type: E['type']): string | null {
  const now = executed.appended.findLast((a) => a.event.type === type);
  if (now) return now.eventId;
  return executed.before.findLast((e) => e.type === type)?.eventId ?? null;
}
