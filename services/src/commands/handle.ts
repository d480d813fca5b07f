import { fold, type Decider } from '@shop/domain/shared/decider';
import type { DomainEvent, EventMetadata, RecordedEvent } from '@shop/domain/shared/events';
import type { Deps } from '../deps/deps.ts';
import { ConcurrencyError, type AppendResult, type StreamAppend } from '../eventstore/types.ts';

/**
 * The one command handler. Three words, used the same way everywhere:
 * - decide: a decider turns commands and a state into events (pure, in domain);
 * - append: decided events go into the store, each stream at the version it was decided on;
 * - handle: read, decide, append, and on a concurrent change read and decide again (RETRIES).
 */
export type HandlerDeps = Pick<Deps, 'store' | 'ids'> & Partial<Pick<Deps, 'orderStates' | 'stockStates'>>;

/**
 * The one retry policy: a stream that moved is read and decided on again, up to this many times
 * (the most any write path used before; only a hot stream, such as a popular stock item, needs many).
 */
export const RETRIES = 10;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A short random pause before deciding again on a stream that moved: racing writers spread out. */
const contentionPause = (attempt: number) => sleep(Math.random() * Math.min(50, 5 * (attempt + 1)));

export interface AppendedEvent<E extends DomainEvent = DomainEvent> {
  eventId: string;
  event: E;
}

/** Decides each command in turn on the state the previous ones left: the events of all of them. */
export function decide<C, E extends DomainEvent, S>(
  decider: Decider<C, E, S>,
  commands: readonly C[],
  state: S,
): { events: E[]; state: S } {
  const events: E[] = [];
  let next = state;
  for (const command of commands) {
    const decided = decider.decide(command, next);
    events.push(...decided);
    next = decided.reduce(decider.evolve, next);
  }
  return { events, state: next };
}

/** One stream's part of a step: events decided on the stream as read at `version`. */
export interface Decision<E extends DomainEvent = DomainEvent> {
  streamType: string;
  streamId: string;
  version: number;
  events: readonly E[];
}

export function decision<E extends DomainEvent>(
  decider: { streamType: string },
  streamId: string,
  version: number,
  events: readonly E[],
): Decision<E> {
  return { streamType: decider.streamType, streamId, version, events };
}

/**
 * Appends decisions in one appendMany (all or none on PostgreSQL), each stream at the version it
 * was decided on, each event with an id from `deps.ids`; decisions without events are left out.
 * The states this process keeps move on with them (keepAppended). Throws ConcurrencyError when a
 * stream moved. Called inside a retried step (handleStreams, retrying) or by a bulk loader creating
 * new streams, for which a stream that exists is the answer.
 */
export async function append(
  deps: HandlerDeps,
  decisions: readonly Decision[],
  metadata: EventMetadata,
): Promise<{ results: (AppendResult | null)[]; appended: AppendedEvent[][] }> {
  const appended = decisions.map((d) => d.events.map((event) => ({ eventId: deps.ids(), event })));
  const parts = decisions.flatMap((d, i) => (d.events.length === 0 ? [] : [streamAppendOf(d, appended[i]!, metadata)]));
  const written = parts.length === 0 ? [] : await deps.store.appendMany(parts);
  keepAppended(deps, decisions);
  let next = 0;
  const results = decisions.map((d) => (d.events.length === 0 ? null : written[next++]!));
  return { results, appended };
}

/**
 * After decisions are appended: the order, pointer and stock states this process keeps (when
 * `deps` has them) move on by them, so the shopper's next step decides on what this one wrote
 * without reading it again. Call it after any append of decisions made outside `append`.
 */
export function keepAppended(deps: HandlerDeps, decisions: readonly Decision[]): void {
  for (const appended of decisions) {
    deps.orderStates?.advance(appended);
    deps.stockStates?.advance(appended);
  }
}

/** A decision as the store appends it: its events with their ids and metadata, at the version decided on. */
export function streamAppendOf(d: Decision, events: readonly AppendedEvent[], metadata: EventMetadata): StreamAppend {
  return {
    streamId: d.streamId,
    streamType: d.streamType,
    events: events.map(({ eventId, event }) => ({ eventId, type: event.type, data: event.data, metadata })),
    expected: d.version === 0 ? 'no_stream' : d.version,
  };
}

export interface Step<T> {
  decisions: readonly Decision[];
  answer: T;
}

/**
 * The one retry loop: runs `attempt` (read, decide, append) and, when it throws ConcurrencyError
 * because a stream moved meanwhile, runs it again after a short random pause, up to RETRIES times;
 * past them the ConcurrencyError goes to the caller (a 409, or the checkout's contended end).
 * handleStreams is built on it; call it directly only for a step whose append must run inside
 * something of the caller's (the checkout appends stock under its per-item lock).
 */
export async function retrying<T>(attempt: (attempt: number) => Promise<T>): Promise<T> {
  for (let n = 0; ; n++) {
    try {
      return await attempt(n);
    } catch (e) {
      if (e instanceof ConcurrencyError && n < RETRIES) {
        await contentionPause(n);
        continue;
      }
      throw e;
    }
  }
}

/**
 * The multi-stream handler: `step` reads the streams it needs and decides; its decisions are
 * appended together. When one of the streams moved meanwhile the whole step runs again (retrying:
 * RETRIES, with a short random pause). Answers the last step's answer and the events appended, per decision.
 */
export function handleStreams<T>(
  deps: HandlerDeps,
  metadata: EventMetadata,
  step: (attempt: number) => Step<T> | Promise<Step<T>>,
): Promise<{ answer: T; appended: AppendedEvent[][] }> {
  return retrying(async (attempt) => {
    const { decisions, answer } = await step(attempt);
    const { appended } = await append(deps, decisions, metadata);
    return { answer, appended };
  });
}

export interface Handled<S, E extends DomainEvent> {
  /** The state after the new events. */
  state: S;
  version: number;
  /** The events this command appended (none when the decider had nothing to do). */
  events: E[];
  /** The same, with their ids. */
  appended: AppendedEvent<E>[];
  /** The stream's events before this command. */
  before: RecordedEvent[];
}

type Commands<C, S> = C | readonly C[] | ((state: S) => C | readonly C[]);

/**
 * The single-stream handler (handleStreams with one stream): read, decide `commands` (one, several
 * decided in turn and appended together, or a function of the state), append at the version read.
 * `known` is the stream as the caller just read it: the first attempt decides on it.
 */
export async function handle<C, E extends DomainEvent, S>(
  deps: HandlerDeps,
  decider: Decider<C, E, S>,
  streamId: string,
  commands: Commands<C, S>,
  metadata: EventMetadata,
  options: { known?: readonly RecordedEvent[] } = {},
): Promise<Handled<S, E>> {
  const { answer, appended } = await handleStreams(deps, metadata, async (attempt) => {
    const before = attempt === 0 && options.known ? options.known : await deps.store.readStream(streamId);
    const state = fold(decider, before as unknown as E[]);
    const resolved = typeof commands === 'function' ? (commands as (state: S) => C | readonly C[])(state) : commands;
    const decided = decide(decider, Array.isArray(resolved) ? (resolved as readonly C[]) : [resolved as C], state);
    return {
      decisions: [decision(decider, streamId, before.length, decided.events)],
      answer: {
        state: decided.state,
        version: before.length + decided.events.length,
        events: decided.events,
        before: before as RecordedEvent[],
      },
    };
  });
  return { ...answer, appended: appended[0] as AppendedEvent<E>[] };
}

/** The id of the newest event of `type` among those appended now or before. */
export function eventIdOf<S, E extends DomainEvent>(handled: Handled<S, E>, type: E['type']): string | null {
  const now = handled.appended.findLast((a) => a.event.type === type);
  if (now) return now.eventId;
  return handled.before.findLast((e) => e.type === type)?.eventId ?? null;
}
