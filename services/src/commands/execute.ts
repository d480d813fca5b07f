import { randomUUID } from 'node:crypto';
import { fold, type Decider } from '@shop/domain/shared/decider';
import type { DomainEvent, EventMetadata, RecordedEvent } from '@shop/domain/shared/events';
import { ConcurrencyError, type EventStore, type StreamAppend } from '../eventstore/types.ts';

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

/** A short random pause before deciding again on a stream that moved: racing writers spread out. */
export const contentionPause = (attempt: number) => sleep(Math.random() * Math.min(50, 5 * (attempt + 1)));

/** Decides each command in turn on the state the previous ones left: the events of all of them. */
export function decideAll<C, E extends DomainEvent, S>(decider: Decider<C, E, S>, commands: readonly C[], state: S): { events: E[]; state: S } {
  const events: E[] = [];
  let next = state;
  for (const command of commands) {
    const decided = decider.decide(command, next);
    events.push(...decided);
    next = decided.reduce(decider.evolve, next);
  }
  return { events, state: next };
}

/** Events decided on a state read at `version`, as one stream's part of an append, each with an id chosen here. */
export function decidedAppend<E extends DomainEvent>(
  decider: { streamType: string },
  streamId: string,
  version: number,
  events: readonly E[],
  metadata: EventMetadata,
): StreamAppend & { appended: ExecutedEvent<E>[] } {
  const appended = events.map((event) => ({ eventId: randomUUID(), event }));
  return {
    streamId,
    streamType: decider.streamType,
    events: appended.map(({ eventId, event }) => ({ eventId, type: event.type, data: event.data, metadata })),
    expected: version === 0 ? 'no_stream' : version,
    appended,
  };
}

/**
 * Appends events already decided on a state read at `version` (one round trip), each with an id
 * chosen here. Throws ConcurrencyError when the stream moved meanwhile.
 */
export async function appendDecided<C, E extends DomainEvent, S>(
  store: EventStore,
  decider: Decider<C, E, S>,
  streamId: string,
  version: number,
  events: readonly E[],
  metadata: EventMetadata,
): Promise<{ version: number; appended: ExecutedEvent<E>[] }> {
  if (events.length === 0) return { version, appended: [] };
  const part = decidedAppend(decider, streamId, version, events, metadata);
  const { nextVersion } = await store.append(streamId, part.streamType, part.events, part.expected);
  return { version: nextVersion, appended: part.appended };
}

type Commands<C, S> = C | readonly C[] | ((state: S) => C | readonly C[]);

/**
 * Load, decide, append with the version decided on (like handleCommand), giving each new event an
 * id chosen here. `commands` may be one command, several (decided in turn and appended together,
 * all or nothing) or a function of the state. On a concurrent change it decides again on the new
 * state, after a short random pause (hot streams: many shoppers holding the same item).
 * `known` is the stream as the caller just read it (its events and version): the first attempt
 * decides on it instead of reading the stream again.
 */
export async function execute<C, E extends DomainEvent, S>(
  store: EventStore,
  decider: Decider<C, E, S>,
  streamId: string,
  commands: Commands<C, S>,
  metadata: EventMetadata,
  options: { retries?: number; known?: readonly RecordedEvent[] } = {},
): Promise<Executed<S, E>> {
  const retries = options.retries ?? 5;
  for (let attempt = 0; ; attempt++) {
    const read = attempt === 0 && options.known ? options.known : await store.readStream(streamId);
    const before = read as unknown as (RecordedEvent & E)[];
    const state = fold(decider, before);
    const resolved = typeof commands === 'function' ? (commands as (state: S) => C | readonly C[])(state) : commands;
    const decided = decideAll(decider, Array.isArray(resolved) ? (resolved as readonly C[]) : [resolved as C], state);
    try {
      const { version, appended } = await appendDecided(store, decider, streamId, before.length, decided.events, metadata);
      return { state: decided.state, version, appended, before };
    } catch (e) {
      if (e instanceof ConcurrencyError && attempt < retries) {
        await contentionPause(attempt);
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
